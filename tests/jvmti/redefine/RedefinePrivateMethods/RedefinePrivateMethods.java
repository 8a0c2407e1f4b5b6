// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI RedefineClasses adding and deleting private static and private final methods,
// which HotSpot allows with -XX:+AllowRedefinitionToAddDeleteMethods (an edit that adds a
// lambda adds its private static body; stderr is not compared: the flag's deprecation
// warning names the VM): the
// new version runs with its lambda and new methods; reflection and GetClassMethods list
// them and no longer the deleted one; old code still running calls the deleted method
// and gets NoSuchMethodError, whether its call was resolved before or not; redefining
// back and forth brings the methods back (their records are reused).
import java.lang.reflect.Method;
import java.util.Arrays;

public class RedefinePrivateMethods {
    static native int redefine(Class<?> c, byte[] bytes);
    static native void methodNames(Class<?> c);

    static String names() {
        return Arrays.toString(Arrays.stream(PmTarget.class.getDeclaredMethods()).map(Method::getName).sorted()
                                     .toArray(String[]::new));
    }

    public static void main(String[] args) {
        byte[] v1 = Redef.bytesOf(PmTarget.class), v2 = Redef.versionOf("PmTarget", "v2");
        System.out.println("v1: " + PmTarget.run());
        System.out.println("declared: " + names());
        String r = PmTarget.callsTwiceAfter(() -> System.out.println("redefine to v2: " + redefine(PmTarget.class, v2)));
        System.out.println(r);
        System.out.println("v2: " + PmTarget.run());
        System.out.println("declared: " + names());
        methodNames(PmTarget.class);
        for (int i = 0; i < 20; i++) {
            int e1 = redefine(PmTarget.class, v1), e2 = redefine(PmTarget.class, v2);
            if (e1 != 0 || e2 != 0) System.out.println("round " + i + ": " + e1 + " " + e2);
        }
        System.out.println("after 20 rounds: " + PmTarget.run());
        System.out.println("redefine to v1: " + redefine(PmTarget.class, v1));
        System.out.println("v1 again: " + PmTarget.run());
        System.out.println("declared: " + names());
        methodNames(PmTarget.class);
    }
}
