// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLineNumberTable (can_get_line_numbers) on methods compiled with javac's default
// line numbers: several statements, loops, a constructor with field initializers, a
// lambda body, boot class methods; ABSENT_INFORMATION for an abstract method (no code);
// NATIVE_METHOD, INVALID_METHODID, NULL_POINTER, MUST_POSSESS_CAPABILITY, WRONG_PHASE.
// (Classes without line tables: method/GeneratedClass.)
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.List;

public class LineNumberTable {
    static native void lines(Executable m);
    static native void errors(Executable javaMethod, Executable nativeMethod, Executable abstractMethod);

    int a = 1;
    int b =
        2;

    LineNumberTable() {
        a += b;
    }

    abstract static class Abstract { abstract int f(); }

    static int loop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            if (i % 3 == 0)
                s += i;
            else
                s -= 1;
        }
        return s;
    }

    static int oneLine() { return 42; }

    static native void nat();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Runnable r = () -> {
            System.out.println("lambda ran " + loop(7));
        };
        r.run();
        List<Executable> ms = new ArrayList<>();
        ms.add(LineNumberTable.class.getDeclaredConstructor());
        ms.add(LineNumberTable.class.getDeclaredMethod("loop", int.class));
        ms.add(LineNumberTable.class.getDeclaredMethod("oneLine"));
        ms.add(LineNumberTable.class.getDeclaredMethod("lambda$main$0"));
        ms.add(Object.class.getConstructor());
        ms.add(String.class.getMethod("isEmpty"));
        ms.add(ArrayList.class.getMethod("size"));
        for (Executable m : ms) lines(m);
        errors(LineNumberTable.class.getDeclaredMethod("oneLine"),
               LineNumberTable.class.getDeclaredMethod("nat"),
               Abstract.class.getDeclaredMethod("f"));
        System.out.println(new LineNumberTable().a + oneLine());
    }
}
