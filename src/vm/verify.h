// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * verify.h — the bytecode verifier (JVMS 4.10).
 *
 * The interpreter trusts bytecode; the verifier is what stands between a hostile or broken
 * class file and the interpreter. verify_class() must have succeeded for a class before any
 * of its code runs, and must run where HotSpot links: before the class's first
 * initialization and where reflection or method handles link it (getDeclaredMethods/
 * Fields/Constructors, MemberName resolution, Lookup.defineHiddenClass), superclass and
 * superinterfaces first. Not when the class is defined: verification loads classes, and
 * verifying a superclass while its subclass is still being defined makes loading that
 * subclass a ClassCircularityError (HotSpot never links during loading). A failed
 * verification is repeated, with the same error, at the next attempt.
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
 * Threads: runs on the linking thread in state TS_JAVA and may run Java code (class
 * loading upcalls), so the caller must hold no VM lock. Two threads may verify the same
 * class at once harmlessly. All verifier memory is malloc'd and released before it
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
 * Verifies every method of c (a loaded class; its superclass and superinterfaces are the
 * caller's to verify first). Returns true if c is not eligible or verifies. Otherwise returns false with a
 * java.lang.VerifyError or ClassFormatError pending, or whatever error loading a class
 * that verification needed raised (NoClassDefFoundError, ...).
 */
bool verify_class(Thread *t, Class *c);

#endif
