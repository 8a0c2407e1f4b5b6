// Enums: values/valueOf/ordinal/name/compareTo, constant-specific bodies (subclasses),
// constructors and fields, switch on enums, EnumMap and EnumSet, valueOf failures,
// Enum.valueOf(Class, String), getDeclaringClass, and enums implementing interfaces.
import java.util.EnumMap;
import java.util.EnumSet;

public class Enums {
    interface Op { int apply(int a, int b); }
    enum Basic { ALPHA, BETA, GAMMA }
    enum Planet {
        MERCURY(3.303e+23, 2.4397e6), EARTH(5.976e+24, 6.37814e6), JUPITER(1.9e+27, 7.1492e7);
        final double mass, radius;
        Planet(double mass, double radius) { this.mass = mass; this.radius = radius; }
        double surfaceGravity() { return 6.67300E-11 * mass / (radius * radius); }
    }
    enum Arith implements Op {
        PLUS("+") { public int apply(int a, int b) { return a + b; } },
        MINUS("-") { public int apply(int a, int b) { return a - b; } },
        TIMES("*") { public int apply(int a, int b) { return a * b; } String describe() { return "times!"; } };
        final String sym;
        Arith(String sym) { this.sym = sym; }
        String describe() { return name().toLowerCase() + " " + sym; }
    }
    enum Single { INSTANCE; int counter; int next() { return ++counter; } }
    enum Empty {}

    public static void main(String[] args) {
        for (Basic b : Basic.values()) System.out.println(b + " " + b.name() + " " + b.ordinal() + " " + b.compareTo(Basic.BETA) + " " + (Basic.valueOf(b.name()) == b));
        for (Planet p : Planet.values()) System.out.println(p + " gravity " + String.format("%.4f", p.surfaceGravity()));
        for (Arith a : Arith.values()) System.out.println(a.describe() + " 6" + a.sym + "3=" + a.apply(6, 3) + " class is enum " + a.getClass().isEnum()
            + " declaring " + a.getDeclaringClass().getSimpleName() + " anonymous body " + (a.getClass() != Arith.class));
        System.out.println("singleton " + Single.INSTANCE.next() + " " + Single.INSTANCE.next() + " empty values " + Empty.values().length);
        try { Basic.valueOf("DELTA"); } catch (IllegalArgumentException e) { System.out.println("valueOf: " + e.getMessage()); }
        try { Basic.valueOf(null); } catch (NullPointerException e) { System.out.println("valueOf(null): NullPointerException " + e.getMessage()); }
        System.out.println("Enum.valueOf " + Enum.valueOf(Arith.class, "MINUS").sym + " values clone distinct " + (Basic.values() != Basic.values()));
        EnumMap<Basic, String> m = new EnumMap<>(Basic.class);
        m.put(Basic.GAMMA, "g"); m.put(Basic.ALPHA, "a");
        System.out.println("EnumMap " + m + " " + m.keySet());
        EnumSet<Arith> set = EnumSet.of(Arith.TIMES, Arith.PLUS);
        System.out.println("EnumSet " + set + " contains MINUS " + set.contains(Arith.MINUS));
        int score = 0;
        for (Basic b : Basic.values()) {
            switch (b) {
                case ALPHA: score += 1; break;
                case GAMMA: score += 100; break;
                default: score += 10;
            }
        }
        System.out.println("switch score " + score);
        System.out.println("getEnumConstants " + java.util.Arrays.toString(Planet.class.getEnumConstants()) + " superclass " + Basic.class.getSuperclass().getName()
            + " Arith.PLUS class superclass " + Arith.PLUS.getClass().getSuperclass().getSimpleName());
        System.out.println("describeConstable " + Basic.BETA.describeConstable().isPresent() + " equals " + Basic.BETA.equals(Basic.BETA) + " toString " + Arith.TIMES);
        // Serialization of enums preserves identity
        try {
            java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
            java.io.ObjectOutputStream oos = new java.io.ObjectOutputStream(bos);
            oos.writeObject(Arith.TIMES);
            oos.close();
            Object back = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bos.toByteArray())).readObject();
            System.out.println("deserialized identity " + (back == Arith.TIMES));
        } catch (Exception e) {
            System.out.println(e);
        }
    }
}
