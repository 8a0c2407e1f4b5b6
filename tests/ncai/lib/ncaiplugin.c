/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* ncaiplugin.c — a library that native code (ncainative.c) loads and unloads itself
 * with dlopen/dlclose, for NCAI's ModuleLoad/ModuleUnload tests. */
int ncai_plugin_answer(void);
int ncai_plugin_answer(void) { return 4242; }
