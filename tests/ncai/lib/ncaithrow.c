/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* ncaithrow.c — a stand-in for the C++ runtime's throw entry point: a module that
 * defines __cxa_throw(object, type info, destructor), as libstdc++ does, so that the
 * NCAI Exception event (an internal breakpoint on __cxa_throw of every module defining
 * it) can be tested without a C++ compiler. This one only records and returns. */
void *ncai_last_thrown;
void __cxa_throw(void *obj, void *tinfo, void (*dest)(void *));
void __cxa_throw(void *obj, void *tinfo, void (*dest)(void *)) { ncai_last_thrown = obj; }
