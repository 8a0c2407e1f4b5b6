// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * dcmd_log.h — the VM.log diagnostic command (dcmd_log.c): HotSpot's LogDiagnosticCommand
 * over the unified-logging configuration of src/vm/log.h.
 */
#ifndef GLASS_DCMD_LOG_H
#define GLASS_DCMD_LOG_H

/* Boot, before the live phase: adds VM.log to the diagnostic commands (dcmd_register). */
void dcmd_log_register(void);

#endif
