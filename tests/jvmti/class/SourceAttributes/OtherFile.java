// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A class compiled from its own source file (SourceAttributes test).
class OtherFile {}
