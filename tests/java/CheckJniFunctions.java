// VMOPTIONS: -Xcheck:jni -XX:-CreateCoredumpOnCrash -Djava.library.path=@NATIVE@
// -Xcheck:jni on a JNI-heavy program: JniFunctions (its sources are linked into
// CheckJniFunctions/) exercises the JNI function groups one by one. Under the checked
// table it must behave as before, and warn exactly where HotSpot's checked JNI warns:
// Call*Method results used without an exception check, a decorated FindClass name. Its
// "objects" group passes int.class where a class is required (AllocObject of a
// primitive), which checked JNI reports as a fatal error: the run ends there, with exit
// status 1 (no core dump).
public class CheckJniFunctions {
    public static void main(String[] args) throws Exception {
        JniFunctions.main(args);
    }
}
