// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// IsFieldSynthetic (can_get_synthetic_attribute): fields javac generates with
// ACC_SYNTHETIC (an inner class's this$0, an enum's $VALUES), ordinary fields and enum
// constants, and a field of a class this program writes itself that is marked by the
// Synthetic attribute (JVMS 4.7.8) instead of the flag; then the errors.
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;

public class FieldSynthetic {
    static native void synthetic(Class<?> c, Field f);
    static native void errors(Class<?> c, Field f);

    int plain;

    class Inner { int y = plain; }

    enum E { ONE }

    /** public class SynField { public static int marked; (Synthetic attribute)  public int plain; } */
    static byte[] generate() throws IOException {
        String[] utf8 = {null, "SynField", null, "java/lang/Object", null, "Synthetic", "marked", "I", "plain"};
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(buf);
        out.writeInt(0xCAFEBABE);
        out.writeShort(0);
        out.writeShort(52);
        out.writeShort(utf8.length);
        for (int i = 1; i < utf8.length; i++) {
            if (utf8[i] == null) {
                out.writeByte(7); // CONSTANT_Class naming the previous Utf8
                out.writeShort(i - 1);
            } else {
                out.writeByte(1);
                out.writeUTF(utf8[i]);
            }
        }
        out.writeShort(0x0021); // public super
        out.writeShort(2);
        out.writeShort(4);
        out.writeShort(0); // interfaces
        out.writeShort(2); // fields
        out.writeShort(0x0009); // public static
        out.writeShort(6);
        out.writeShort(7);
        out.writeShort(1);
        out.writeShort(5); // Synthetic
        out.writeInt(0);
        out.writeShort(0x0001); // public
        out.writeShort(8);
        out.writeShort(7);
        out.writeShort(0);
        out.writeShort(0); // methods
        out.writeShort(0); // class attributes
        return buf.toByteArray();
    }

    static final class Loader extends ClassLoader {
        Loader() { super(FieldSynthetic.class.getClassLoader()); }

        Class<?> define(byte[] b) { return defineClass("SynField", b, 0, b.length); }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        synthetic(FieldSynthetic.class, FieldSynthetic.class.getDeclaredField("plain"));
        synthetic(Inner.class, Inner.class.getDeclaredField("this$0"));
        synthetic(Inner.class, Inner.class.getDeclaredField("y"));
        synthetic(E.class, E.class.getDeclaredField("ONE"));
        synthetic(E.class, E.class.getDeclaredField("$VALUES"));
        synthetic(String.class, String.class.getDeclaredField("hash"));
        Class<?> gen = new Loader().define(generate());
        synthetic(gen, gen.getField("marked"));
        synthetic(gen, gen.getField("plain"));
        errors(FieldSynthetic.class, FieldSynthetic.class.getDeclaredField("plain"));
        System.out.println("done " + E.ONE + gen.getField("marked").getInt(null));
    }
}
