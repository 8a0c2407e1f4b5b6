// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * jvmti_vm.h — what the rest of the VM calls in the JVM Tool Interface module: agent
 * loading (command line, Agent_OnLoad, Agent_OnUnload), JavaVM GetEnv for JVMTI
 * versions, and the phase transitions of the boot sequence.
 *
 * The calls, in the order boot.c makes them (see each function):
 *
 *   options parsing    jvmti_agents_parse_option(opt)  for -agentlib/-agentpath/-Xrun/
 *                                                       -javaagent, in command-line order
 *   JNI_CreateJavaVM   jvmti_agents_onload()  after options, before any thread or class
 *                                             exists: loads the agents, runs their
 *                                             Agent_OnLoad (JVMTI OnLoad phase), then
 *                                             enters the primordial phase
 *   boot               jvmti_vm_start(t)      after System.initPhase1: start phase
 *                                             (VMStart)
 *                      jvmti_xrun_init(t)     after initPhase3: -Xrun libraries'
 *                                             JVM_OnLoad (still the start phase, as in
 *                                             HotSpot, so their GetEnv gets EDETACHED)
 *                      jvmti_vm_init(t)       then the live phase (VMInit)
 *   shutdown           jvmti_vm_death(t)      before the VM stops running Java code
 *                                             (VMDeath, later), then the dead phase;
 *                                             also on start-up failure (no event then)
 *                      jvmti_agents_unload()  last: Agent_OnUnload of every agent
 *   JavaVM GetEnv      jvmti_is_version(v) / jvmti_get_env(penv, v)
 *
 * Threads: all of these run on the thread that creates or destroys the VM, except
 * jvmti_get_env (any thread) and jvmti_agents_parse_option (the option parser's).
 */
#ifndef GLASS_JVMTI_VM_H
#define GLASS_JVMTI_VM_H

#include <jni.h>
#include <stdbool.h>

#include "../vm/vm.h"

/*
 * Records one agent option: -agentlib:name[=options], -agentpath:path[=options],
 * -Xrun<name>[:options] and -javaagent:jar[=options] (which is -agentlib:instrument=
 * jar[=options], as in HotSpot). Returns true if `opt` is one of them (recorded), false
 * if it is not an agent option at all. Nothing is loaded yet.
 */
bool jvmti_agents_parse_option(const char *opt);

/*
 * Loads every recorded agent in command-line order and calls its Agent_OnLoad (or
 * Agent_OnLoad_<name> of a statically linked agent, or JVM_OnLoad-less -Xrun libraries
 * converted to agents as HotSpot does), then enters the primordial phase. On failure
 * (library or entry point missing, Agent_OnLoad returning non-zero) prints HotSpot's
 * "Error occurred during initialization of VM" message and returns false: the caller
 * then exits the process with status 1 (HotSpot's vm_exit_during_initialization).
 */
bool jvmti_agents_onload(void);

/* Phase transitions of the boot sequence; t is the booting thread (TS_JAVA). */
/* Calls JVM_OnLoad of the -Xrun libraries that have one, as native code. Returns false
 * (message printed; exit with status 1) if one fails. */
bool jvmti_xrun_init(Thread *t);
void jvmti_vm_start(Thread *t);
void jvmti_vm_init(Thread *t);
void jvmti_vm_death(Thread *t);

/* Calls Agent_OnUnload of every loaded agent, in load order. At VM exit. */
void jvmti_agents_unload(void);

/* Is `version` a JVMTI interface version (JVMTI_VERSION_INTERFACE_JVMTI in its type
 * bits)? Supported or not: GetEnv then answers for it through jvmti_get_env. */
bool jvmti_is_version(jint version);
/*
 * JavaVM GetEnv for a JVMTI version: creates a new environment. JNI_OK with *penv set;
 * JNI_EVERSION for an unsupported version (1.0-1.2 and 9-28 are supported);
 * JNI_EDETACHED when environments cannot be created now (outside the OnLoad and live
 * phases, or from an unattached thread in the live phase). *penv is NULL on failure.
 */
jint jvmti_get_env(void **penv, jint version);

#endif
