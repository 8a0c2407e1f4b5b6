// Start-up benchmark: the smallest program, so the time is VM boot plus class-library
// initialization.
public class Hello {
    public static void main(String[] args) {
        System.out.println("Hello, world");
    }
}
