/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/* ArchivedGraph's agent, given the option "early" (options): its comment says what the
 * two tests show. */
#include "../ArchivedGraph/agent.c"
