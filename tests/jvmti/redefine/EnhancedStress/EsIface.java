// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedStress: the interface the threads also call through.
interface EsIface {
    int viaIface();
}
