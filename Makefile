# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# GlassVM — one non-recursive Makefile.
#
#   make            release build: build/jdk (the image) with build/release/libjvm.so, and
#                   the sample agents in build/samples/ (samples/, README "Tools")
#   make test       build, then run every test (tests/run prints "N passed, N failed")
#   make check      ASan+UBSan build in build/jdk-check, tests run against it
#   make bench      benchmarks against HotSpot (-Xint and default)
#   make demo       build and run a demo program on GlassVM, then again under the profiler
#   make regen      regenerate generated sources from ../shared/spec
#   make debug      debug build (GLASS_DEBUG asserts, -O0) in build/jdk-debug

JAVA_HOME ?= /usr/lib/jvm/java-17-openjdk-amd64
CC := gcc
CFG ?= release

ifeq ($(CFG),release)
  OPT := -O2 -g
  IMAGE := build/jdk
else ifeq ($(CFG),debug)
  OPT := -O0 -g3 -DGLASS_DEBUG
  IMAGE := build/jdk-debug
else ifeq ($(CFG),check)
  OPT := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -DGLASS_DEBUG -DGLASS_SANITIZE
  IMAGE := build/jdk-check
endif

OUT := build/$(CFG)
WARN := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow=local -Wstrict-prototypes \
        -Wmissing-prototypes -Wno-missing-field-initializers
CFLAGS := -std=gnu11 $(OPT) $(WARN) -fPIC -fvisibility=hidden -fno-strict-aliasing \
          -pthread -I$(JAVA_HOME)/include -I$(JAVA_HOME)/include/linux -Iinclude -Isrc \
          -I/usr/include/x86_64-linux-gnu
LDFLAGS := -shared -Wl,-soname,libjvm.so -Wl,--version-script=src/libjvm.map \
           -Wl,-z,noexecstack -Wl,--no-undefined -pthread $(filter -fsanitize=%,$(OPT))
# libunwind (libunwind-dev, for NCAI) is deliberately not linked: the launcher loads
# libjvm.so RTLD_GLOBAL, and libunwind.so.8 also defines the C++ ABI's _Unwind_*, which
# would then replace libgcc_s's for every C++ library loaded later (its static archive is
# not PIC). src/os/linux/os_debug.c opens it RTLD_LOCAL when NCAI first unwinds.
LIBS := -lffi -lz -ldl -lquadmath -lm

SRCS := $(wildcard src/os/linux/*.c) $(wildcard src/vm/*.c) $(wildcard src/jvm/*.c) \
        $(wildcard src/jvmti/*.c) $(wildcard src/jvmti/gen/*.c) $(wildcard src/jvmpi/*.c) \
        $(wildcard src/ncai/*.c)
OBJS := $(patsubst src/%.c,$(OUT)/obj/%.o,$(SRCS))
DEPS := $(OBJS:.o=.d)
LIB := $(OUT)/libjvm.so

.PHONY: all image test check bench demo regen debug clean unit samples
all: image samples

$(OUT)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(OBJS) src/libjvm.map
	$(CC) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

# The image: a copy of the JDK's launcher (a symlink would make it resolve
# /proc/self/exe to the real JDK), the JDK's lib/ entries and conf linked, ours in
# lib/server.
image: $(IMAGE)/lib/server/libjvm.so $(IMAGE)/lib/server/glass-boot.gva $(IMAGE)/lib/libjvmpiprof.so
$(IMAGE)/lib/server/libjvm.so: $(LIB) tools/mkimage.sh
	sh tools/mkimage.sh $(JAVA_HOME) $(IMAGE) $(abspath $(LIB))
	@touch $@
# The archive of the boot module graph (design.md "Start-up"), made by the image's own VM
# as HotSpot's build makes lib/server/classes.jsa; a VM ignores an archive it did not make.
$(IMAGE)/lib/server/glass-boot.gva: $(IMAGE)/lib/server/libjvm.so
	env $(SAN_ENV) $(IMAGE)/bin/java -Xshare:dump

# ---- sample agents (samples/<name>/*.c + samples/common) -> build/samples/lib<name>.so ----
# Built against the JDK's jni.h/jvmti.h (its include directories come first) and our own
# include/asgct.h, so that they run on HotSpot too; one build serves every CFG.
SAMPLES := profiler allocprof tracer heaphisto
SAMPLE_LIBS := $(patsubst %,build/samples/lib%.so,$(SAMPLES))
SAMPLE_COMMON := $(wildcard samples/common/*.c)
SAMPLE_DEPS := $(SAMPLE_COMMON) $(wildcard samples/common/*.h) samples/common/flamegraph.html include/asgct.h
SAMPLE_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-vla -fPIC -shared -pthread \
                 -fvisibility=hidden -I$(JAVA_HOME)/include -I$(JAVA_HOME)/include/linux -Iinclude \
                 -DFG_TEMPLATE_PATH='"$(abspath samples/common/flamegraph.html)"'
define sample_rule
build/samples/lib$(1).so: $(wildcard samples/$(1)/*.c) $(SAMPLE_DEPS)
	@mkdir -p build/samples
	$$(CC) $$(SAMPLE_CFLAGS) -o $$@ $(wildcard samples/$(1)/*.c) $$(SAMPLE_COMMON) -lrt
endef
$(foreach s,$(SAMPLES),$(eval $(call sample_rule,$(s))))
samples: $(SAMPLE_LIBS)

# The JVMPI profiler we ship (samples/jvmpi-prof): in the image's lib/, where -Xrun
# finds it as the JDK found hprof (java -Xrunjvmpiprof:cpu=times,heap=sites ...).
$(IMAGE)/lib/libjvmpiprof.so: samples/jvmpi-prof/jvmpiprof.c include/jvmpi.h $(IMAGE)/lib/server/libjvm.so
	$(CC) -std=gnu11 -O2 -g $(WARN) -fPIC -shared -pthread -Iinclude -I$(JAVA_HOME)/include \
	      -I$(JAVA_HOME)/include/linux -o $@ $<

# ---- tests ----
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(OUT)/unit/%,$(UNIT_SRCS))
VM_OBJS_NOJVM := $(filter-out $(OUT)/obj/jvm/%,$(OBJS))

$(OUT)/unit/%: tests/unit/%.c $(OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fvisibility=default -o $@ $< $(OBJS) $(filter -fsanitize=%,$(OPT)) -pthread $(LIBS)

unit: $(UNIT_BINS)

# Sanitizer builds: the JDK's launcher is not instrumented, so the ASan runtime must be
# preloaded into GlassVM's processes (and only into those).
ifeq ($(CFG),check)
  SAN_ENV := LD_PRELOAD=$(shell $(CC) -print-file-name=libasan.so) ASAN_OPTIONS=detect_leaks=0:handle_segv=0:allow_user_segv_handler=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # Instrumented code runs 4-9x slower (apps/Clojure 14 s -> 132 s, MgmtJmxSsl 19 s ->
  # 151 s in a full run on a loaded machine): the per-run limit grows with it.
  TEST_TIMEOUT := 300
endif
TEST_TIMEOUT ?= 60

# Before the tests, two checks of the built library: the layers depend only downward
# (tools/check-layers.sh) and every JVM_/jio_ symbol the JDK's libraries import is
# exported (tools/check-exports.sh).
test: image unit samples
	sh tools/check-layers.sh $(OUT)/obj
	sh tools/check-exports.sh $(LIB) $(JAVA_HOME)
	JAVA_HOME=$(JAVA_HOME) IMAGE=$(IMAGE) UNIT_DIR=$(OUT)/unit GLASS_ENV="$(SAN_ENV)" TIMEOUT=$${TIMEOUT:-$(TEST_TIMEOUT)} sh tests/run

check:
	$(MAKE) CFG=check test

debug:
	$(MAKE) CFG=debug image

bench: image
	JAVA_HOME=$(JAVA_HOME) IMAGE=$(IMAGE) sh bench/run

demo: image samples
	@mkdir -p build/demo
	$(JAVA_HOME)/bin/javac -d build/demo tests/demo/Demo.java
	$(IMAGE)/bin/java -cp build/demo Demo
	@echo
	@echo "Again, under GlassVM's sampling profiler (samples/profiler: AsyncGetCallTrace, README \"Tools\"):"
	$(IMAGE)/bin/java -agentpath:build/samples/libprofiler.so=interval=100us,file=build/demo/profile.html,top=8 \
	    -cp build/demo Demo > /dev/null
	@echo "Open the flame graph in a browser: file://$(abspath build/demo/profile.html)"

# Generated sources (committed): spec/jvmti.spec from the JVMTI spec, then the JVMTI
# header, entry layer and tables from spec/jvmti.spec, the table of HotSpot's -XX flags
# from HotSpot itself, and Math.log's table (computed in binary128 by the unit test that
# checks it). Only this target reads ../shared and needs python3; the build uses the
# committed results.
JVMTI_XML ?= ../shared/spec/jvmti.xml
regen:
	python3 tools/jvmti_extract.py $(JVMTI_XML) spec/jvmti.spec
	python3 tools/jvmti_gen.py .
	sh tools/gen-hotspot-flags.sh $(JAVA_HOME) > src/jvm/hotspot_flags.inc
	$(MAKE) $(OUT)/unit/test_math_log
	$(OUT)/unit/test_math_log --print-table > src/jvm/log_table.inc.new
	mv src/jvm/log_table.inc.new src/jvm/log_table.inc

clean:
	rm -rf build

-include $(DEPS)
