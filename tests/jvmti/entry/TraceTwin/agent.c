/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * The tracing twin of GlassVM's function table (GLASS_JVMTI_TRACE=1 in the environment:
 * every JVMTI call is logged on stderr, which is therefore not compared) answers exactly
 * like the plain table: the agent of general/PhaseAndVersion, included, makes the same
 * calls in the OnLoad, live and dead phases; only its native method is bound to this
 * test's class. HotSpot ignores the variable.
 */
#define Java_PhaseAndVersion_live Java_TraceTwin_live
#include "../../general/PhaseAndVersion/agent.c"
