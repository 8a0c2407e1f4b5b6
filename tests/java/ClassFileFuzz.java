// Fuzzing of class-file loading, linking and verification (ClassFileFuzz/Fuzz.java): 2000
// deterministic mutants (seed 20261127) of a fixed corpus (the subject classes of
// ClassFileFuzz/FzSubjects.java and 30 JDK classes read through jrt:/), raw and
// structure-aware, each defined by a loader of its own, linked, and for the subject
// classes initialized and called. One line per mutant with the phase that failed and the
// class of the Throwable, so that the class of every error (ClassFormatError vs
// VerifyError vs NoClassDefFoundError ...) must match HotSpot's, and nothing may crash
// or hang. Messages are not compared here (ClassFormatErrors and VerifyErrors do).
public class ClassFileFuzz {
    public static void main(String[] args) throws Exception {
        Fuzz.fuzz(Fuzz.corpus("test"), 20261127L, 0, 2000, false, 120_000);
    }
}
