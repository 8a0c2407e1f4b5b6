// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
//
// JdbDriver — the debugger side of the tests in tests/jdb/ (tests/lib/jdb.sh runs it on
// HotSpot). It launches the debuggee with the JDK's own JDWP agent through JDI
// (com.sun.jdi.CommandLineLaunch, java.home = the VM under test) and plays a jdb-like
// session script, one command per line, waiting for each event before the next command,
// so that the transcript does not depend on timing:
//
//   break CLASS LINE      breakpoint (deferred until CLASS is prepared)
//   clear CLASS LINE      remove it
//   watch [access] CLASS FIELD  stop when a field of a loaded class is modified (or read)
//   unwatch CLASS FIELD   remove the field's watchpoints
//   run | cont            resume the VM; wait for the next breakpoint, step or VM exit
//   step | next | finish  step into / over / out, by line, and wait
//   pop                   pop the stopped thread's top frame (it re-executes the call)
//   return INT            force the top frame to return an int now (on the next resume)
//   where                 the stopped thread's frames
//   locals                the visible variables of the top frame
//   print NAME            a visible variable of the top frame
//   set NAME INT          assign an int variable of the top frame
//   invoke NAME METHOD [INT ...]  call a method of the object in a visible variable, in
//                         the stopped thread (the others stay suspended)
//   invokestatic CLASS METHOD [INT ...]  call a static method of a loaded class
//   redefine CLASS VERSION  VirtualMachine.redefineClasses (IDE HotSwap) of CLASS with the
//                         class file of the debuggee's class VERSION renamed to CLASS (as
//                         tests/jvmti/redefine/RedefineBasics/Redef.java does)
//   capabilities          the redefinition capabilities the VM reports through JDWP
//   status CLASS          whether CLASS is loaded, verified, prepared, initialized, failed
//                         to initialize (JDWP ClassStatus), and its method count or the
//                         exception JDI throws for an unprepared class
//   # ...                 comment
//
// Usage: java JdbDriver JAVA_HOME CLASSPATH MAINCLASS SCRIPT [VMOPTIONS]. The transcript
// goes to stdout, then the debuggee's stdout and stderr after "--- debuggee
// stdout/stderr". VMOPTIONS: more options for the debuggee's VM.
import com.sun.jdi.*;
import com.sun.jdi.connect.*;
import com.sun.jdi.event.*;
import com.sun.jdi.request.*;
import java.io.*;
import java.nio.file.*;
import java.util.*;

public class JdbDriver {
    static VirtualMachine vm;
    static ThreadReference stopped;
    static final Map<String, List<Integer>> deferred = new HashMap<>();
    static final Map<String, List<BreakpointRequest>> placed = new HashMap<>();
    static boolean exited;
    // Enabled only while a breakpoint waits for its class: a class prepared during a
    // method invocation would otherwise suspend the invoking thread.
    static ClassPrepareRequest cpr;
    static String classpath;

    public static void main(String[] args) throws Exception {
        LaunchingConnector lc = Bootstrap.virtualMachineManager().defaultConnector();
        Map<String, Connector.Argument> ca = lc.defaultArguments();
        ca.get("home").setValue(args[0]);
        classpath = args[1];
        ca.get("options").setValue("-cp " + args[1] + (args.length > 4 ? " " + args[4] : ""));
        ca.get("main").setValue(args[2]);
        vm = lc.launch(ca);
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Thread po = pump(vm.process().getInputStream(), out), pe = pump(vm.process().getErrorStream(), err);
        cpr = vm.eventRequestManager().createClassPrepareRequest();
        cpr.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        waitFor(VMStartEvent.class);
        for (String line : Files.readAllLines(Paths.get(args[3]))) {
            line = line.trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            System.out.println("> " + line);
            if (exited) { System.out.println("  (the application has exited)"); continue; }
            command(line.split("\\s+"));
        }
        if (!exited) {
            vm.eventRequestManager().deleteAllBreakpoints();
            resumeUntilStop();
        }
        po.join(10_000);
        pe.join(10_000);
        System.out.println("--- debuggee stdout");
        System.out.print(out.toString("UTF-8"));
        System.out.println("--- debuggee stderr");
        System.out.print(err.toString("UTF-8").replaceAll("(?m)^Listening for transport.*\\R", ""));
        System.out.println("--- debuggee exit status " + vm.process().waitFor());
    }

    static Thread pump(InputStream in, ByteArrayOutputStream to) {
        Thread t = new Thread(() -> {
            try { in.transferTo(to); } catch (IOException e) { }
        });
        t.start();
        return t;
    }

    static void command(String[] w) throws Exception {
        switch (w[0]) {
        case "break": {
            String cls = w[1];
            int line = Integer.parseInt(w[2]);
            List<ReferenceType> types = vm.classesByName(cls);
            if (types.isEmpty()) {
                deferred.computeIfAbsent(cls, k -> new ArrayList<>()).add(line);
                cpr.enable();
                System.out.println("  deferred until " + cls + " is loaded");
            } else {
                place(types.get(0), line);
            }
            break;
        }
        case "clear": {
            List<BreakpointRequest> l = placed.getOrDefault(w[1], List.of());
            int line = Integer.parseInt(w[2]);
            for (BreakpointRequest r : new ArrayList<>(l)) {
                if (r.location().lineNumber() == line) {
                    vm.eventRequestManager().deleteEventRequest(r);
                    l.remove(r);
                    System.out.println("  removed " + w[1] + ":" + line);
                }
            }
            break;
        }
        case "watch": {
            boolean access = w[1].equals("access");
            String cls = w[access ? 2 : 1], name = w[access ? 3 : 2];
            List<ReferenceType> types = vm.classesByName(cls);
            Field f = types.isEmpty() ? null : types.get(0).fieldByName(name);
            if (f == null) {
                System.out.println("  no field " + cls + "." + name + " loaded");
                break;
            }
            EventRequestManager erm = vm.eventRequestManager();
            WatchpointRequest r = access ? erm.createAccessWatchpointRequest(f) : erm.createModificationWatchpointRequest(f);
            r.setSuspendPolicy(EventRequest.SUSPEND_ALL);
            r.enable();
            System.out.println("  " + (access ? "access" : "modification") + " watch on " + cls + "." + name);
            break;
        }
        case "unwatch": {
            EventRequestManager erm = vm.eventRequestManager();
            List<WatchpointRequest> all = new ArrayList<>(erm.accessWatchpointRequests());
            all.addAll(erm.modificationWatchpointRequests());
            for (WatchpointRequest r : all) {
                if (r.field().declaringType().name().equals(w[1]) && r.field().name().equals(w[2])) {
                    erm.deleteEventRequest(r);
                    System.out.println("  removed a watch on " + w[1] + "." + w[2]);
                }
            }
            break;
        }
        case "run":
        case "cont":
            resumeUntilStop();
            break;
        case "step":
        case "next":
        case "finish": {
            int depth = w[0].equals("step") ? StepRequest.STEP_INTO
                      : w[0].equals("next") ? StepRequest.STEP_OVER : StepRequest.STEP_OUT;
            StepRequest sr = vm.eventRequestManager().createStepRequest(stopped, StepRequest.STEP_LINE, depth);
            sr.addClassExclusionFilter("java.*");
            sr.addClassExclusionFilter("jdk.*");
            sr.addClassExclusionFilter("sun.*");
            sr.addCountFilter(1);
            sr.setSuspendPolicy(EventRequest.SUSPEND_ALL);
            sr.enable();
            resumeUntilStop();
            vm.eventRequestManager().deleteEventRequest(sr);
            break;
        }
        case "pop": {
            stopped.popFrames(stopped.frame(0));
            System.out.println("  popped; top frame now " + stopped.frame(0).location().method().name());
            break;
        }
        case "return": {
            stopped.forceEarlyReturn(vm.mirrorOf(Integer.parseInt(w[1])));
            System.out.println("  " + stopped.frame(0).location().method().name() + " will return " + w[1]);
            break;
        }
        case "where": {
            int i = 1;
            for (StackFrame f : stopped.frames()) {
                Location l = f.location();
                System.out.println("  [" + i++ + "] " + typeName(l.declaringType()) + "." + l.method().name() + " ("
                                   + source(l) + ")");
            }
            break;
        }
        case "locals": {
            StackFrame f = stopped.frame(0);
            for (LocalVariable v : f.visibleVariables())
                System.out.println("  " + (v.isArgument() ? "arg " : "") + v.name() + " = " + show(f.getValue(v)));
            break;
        }
        case "print": {
            StackFrame f = stopped.frame(0);
            LocalVariable v = f.visibleVariableByName(w[1]);
            System.out.println("  " + w[1] + " = " + (v == null ? "(not visible)" : show(f.getValue(v))));
            break;
        }
        case "set": {
            StackFrame f = stopped.frame(0);
            LocalVariable v = f.visibleVariableByName(w[1]);
            f.setValue(v, vm.mirrorOf(Integer.parseInt(w[2])));
            System.out.println("  " + w[1] + " = " + show(stopped.frame(0).getValue(v)));
            break;
        }
        case "invoke":
        case "invokestatic": {
            List<Value> vals = new ArrayList<>();
            for (int i = 3; i < w.length; i++) vals.add(vm.mirrorOf(Integer.parseInt(w[i])));
            Value r;
            try {
                if (w[0].equals("invoke")) {
                    StackFrame f = stopped.frame(0);
                    ObjectReference o = (ObjectReference) f.getValue(f.visibleVariableByName(w[1]));
                    Method m = o.referenceType().methodsByName(w[2]).get(0);
                    r = o.invokeMethod(stopped, m, vals, ObjectReference.INVOKE_SINGLE_THREADED);
                } else {
                    ClassType c = (ClassType) vm.classesByName(w[1]).get(0);
                    Method m = c.methodsByName(w[2]).get(0);
                    r = c.invokeMethod(stopped, m, vals, ClassType.INVOKE_SINGLE_THREADED);
                }
                System.out.println("  " + w[1] + "." + w[2] + " returned " + show(r));
            } catch (InvocationException e) {
                System.out.println("  " + w[1] + "." + w[2] + " threw " + e.exception().referenceType().name());
            }
            break;
        }
        case "redefine": {
            ReferenceType t = vm.classesByName(w[1]).get(0);
            byte[] b = rename(Files.readAllBytes(Paths.get(classpath, w[2].replace('.', '/') + ".class")),
                              w[2].replace('.', '/'), w[1].replace('.', '/'));
            try {
                vm.redefineClasses(Map.of(t, b));
                System.out.println("  redefined " + w[1]);
            } catch (Exception e) {
                System.out.println("  " + e.getClass().getName() + ": " + e.getMessage());
            }
            break;
        }
        case "capabilities": {
            System.out.println("  canRedefineClasses " + vm.canRedefineClasses() + ", canAddMethod " + vm.canAddMethod()
                               + ", canUnrestrictedlyRedefineClasses " + vm.canUnrestrictedlyRedefineClasses()
                               + ", canPopFrames " + vm.canPopFrames());
            break;
        }
        case "status": {
            List<ReferenceType> types = vm.classesByName(w[1]);
            if (types.isEmpty()) {
                System.out.println("  " + w[1] + " not loaded");
                break;
            }
            ReferenceType t = types.get(0);
            String methods;
            try {
                methods = t.methods().size() + " methods";
            } catch (ClassNotPreparedException e) {
                methods = "methods: ClassNotPreparedException";
            }
            System.out.println("  " + w[1] + ": verified " + t.isVerified() + ", prepared " + t.isPrepared()
                               + ", initialized " + t.isInitialized() + ", failed to initialize "
                               + t.failedToInitialize() + ", " + methods);
            break;
        }
        default:
            System.out.println("  unknown command");
        }
    }

    /** Rewrites every constant-pool Utf8 entry containing `from` to say `to`. */
    static byte[] rename(byte[] b, String from, String to) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(b));
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bo);
        out.writeInt(in.readInt());
        out.writeInt(in.readInt());
        int count = in.readUnsignedShort();
        out.writeShort(count);
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            out.writeByte(tag);
            switch (tag) {
            case 1: out.writeUTF(in.readUTF().replace(from, to)); break;
            case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: out.writeInt(in.readInt()); break;
            case 5: case 6: out.writeLong(in.readLong()); i++; break;
            case 7: case 8: case 16: case 19: case 20: out.writeShort(in.readUnsignedShort()); break;
            case 15: out.writeByte(in.readUnsignedByte()); out.writeShort(in.readUnsignedShort()); break;
            default: throw new IOException("constant tag " + tag);
            }
        }
        out.write(in.readAllBytes());
        return bo.toByteArray();
    }

    // Hidden classes (lambda proxies) are named by an address: the same on no two VMs.
    static String typeName(ReferenceType t) {
        return t.name().replaceAll("/0x[0-9a-f]+$", "/0xHASH");
    }

    static String source(Location l) {
        try {
            return l.sourceName() + ":" + l.lineNumber();
        } catch (AbsentInformationException e) {
            return "bci " + l.codeIndex();
        }
    }

    static String show(Value v) {
        if (v == null) return "null";
        if (v instanceof StringReference) return "\"" + ((StringReference) v).value() + "\"";
        if (v instanceof ArrayReference) {
            ArrayReference a = (ArrayReference) v;
            StringBuilder b = new StringBuilder(a.type().name() + " {");
            for (int i = 0; i < a.length(); i++) b.append(i > 0 ? ", " : " ").append(show(a.getValue(i)));
            return b.append(" }").toString();
        }
        if (v instanceof ObjectReference) return "instance of " + v.type().name();
        return v.toString();
    }

    static void place(ReferenceType t, int line) throws AbsentInformationException {
        List<Location> ls = t.locationsOfLine(line);
        if (ls.isEmpty()) {
            System.out.println("  no code at " + t.name() + ":" + line);
            return;
        }
        BreakpointRequest r = vm.eventRequestManager().createBreakpointRequest(ls.get(0));
        r.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        r.enable();
        placed.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(r);
        System.out.println("  breakpoint at " + t.name() + ":" + line);
    }

    static void resumeUntilStop() throws Exception {
        vm.resume();
        for (;;) {
            EventSet set = vm.eventQueue().remove();
            boolean stop = false;
            for (Event e : set) {
                if (e instanceof ClassPrepareEvent) {
                    ReferenceType t = ((ClassPrepareEvent) e).referenceType();
                    List<Integer> lines = deferred.remove(t.name());
                    if (lines != null) for (int l : lines) place(t, l);
                    if (deferred.isEmpty()) cpr.disable();
                } else if (e instanceof BreakpointEvent || e instanceof StepEvent) {
                    LocatableEvent le = (LocatableEvent) e;
                    stopped = le.thread();
                    Location l = le.location();
                    System.out.println("  " + (e instanceof BreakpointEvent ? "Breakpoint hit" : "Step completed")
                                       + ": thread=" + stopped.name() + ", " + typeName(l.declaringType()) + "."
                                       + l.method().name() + "(), line=" + l.lineNumber() + " bci=" + l.codeIndex());
                    stop = true;
                } else if (e instanceof WatchpointEvent) {
                    WatchpointEvent we = (WatchpointEvent) e;
                    stopped = we.thread();
                    Location l = we.location();
                    String what = we.field().declaringType().name() + "." + we.field().name();
                    String change = e instanceof ModificationWatchpointEvent
                        ? " is " + show(we.valueCurrent()) + ", will be " + show(((ModificationWatchpointEvent) e).valueToBe())
                        : " access encountered";
                    Value obj = we.object();
                    System.out.println("  Field (" + what + ")" + change + " (object " + (obj == null ? "null" : show(obj))
                                       + "): thread=" + stopped.name() + ", " + typeName(l.declaringType()) + "."
                                       + l.method().name() + "(), line=" + l.lineNumber() + " bci=" + l.codeIndex());
                    stop = true;
                } else if (e instanceof VMDeathEvent || e instanceof VMDisconnectEvent) {
                    if (!exited) System.out.println("  The application exited");
                    exited = true;
                    return;
                }
            }
            if (stop) return;
            set.resume();
        }
    }

    static <T extends Event> void waitFor(Class<T> type) throws InterruptedException {
        for (;;) {
            EventSet set = vm.eventQueue().remove();
            for (Event e : set) if (type.isInstance(e)) return;
            set.resume();
        }
    }
}
