// What every hand-written class of StructuredLocking implements: run(a, b) is the method
// under test. Public: the classes live in another runtime package (their own loader).
public interface LockBody {
    Object run(Object a, Object b) throws Throwable;
}
