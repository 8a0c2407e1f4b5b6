// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * verify.h — the bytecode verifier (JVMS 4.10).
 *
 * The interpreter trusts bytecode; the verifier is what stands between a hostile or broken
 * class file and the interpreter. Class linking calls verify_class() once per class, before
 * preparation, for every class verify_is_eligible() accepts.
 *
 * Which verifier runs, as in HotSpot:
 *   - major >= 50: the type checker (JVMS 4.10.1) driven by the StackMapTable;
 *   - major == 50 whose type check fails: the type-inference verifier (JVMS 4.10.2)
 *     re-verifies it (HotSpot's FailOverToOldVerifier); if that fails too the type
 *     checker's message is thrown, with the inference verifier's error class;
 *   - major < 50: the type-inference verifier, with jsr/ret subroutines.
 * Messages are HotSpot's: the type checker's multi-line "Exception Details" text, the
 * inference verifier's "(class: C, method: m signature: d) ..." text of libverify.
 *
 * Referenced classes are loaded (never initialized) through the verified class's loader
 * when assignability needs them, exactly where HotSpot loads them; a loading failure is
 * the pending exception verify_class() returns with.
 *
 * Threads: runs on the linking thread in state TS_JAVA; may run Java code (class loading
 * upcalls), so it holds no VM lock. All verifier memory is malloc'd and released before it
 * returns.
 */
#ifndef GLASS_VERIFY_H
#define GLASS_VERIFY_H

#include "class.h"
#include "vm.h"

/*
 * HotSpot's Verifier::is_eligible_for_verification with BytecodeVerificationLocal=false
 * and BytecodeVerificationRemote=true: classes of a non-boot loader, except the bootstrap
 * four (Object, Class, String, Throwable) and the reflection accessors generated below
 * jdk/internal/reflect/MagicAccessorImpl.
 */
bool verify_is_eligible(const Class *c);

/*
 * Verifies every method of c (a loaded, not yet linked class whose superclass is linked).
 * Returns true if c is not eligible or verifies. Otherwise returns false with a
 * java.lang.VerifyError or ClassFormatError pending, or whatever error loading a class
 * that verification needed raised (NoClassDefFoundError, ...).
 */
bool verify_class(Thread *t, Class *c);

#endif
