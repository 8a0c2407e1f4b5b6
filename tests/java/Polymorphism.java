// Inheritance and polymorphism: virtual dispatch through deep hierarchies, field hiding,
// static method hiding, overloading resolved at compile time, covariant returns (bridges),
// abstract classes, final methods, and calls from constructors.
public class Polymorphism {
    static class Animal {
        String name = "animal";
        static String kind() { return "Animal.kind"; }
        String speak() { return "..."; }
        String describe() { return name + " says " + speak(); }
        Animal self() { return this; }
        final String fixed() { return "fixed:" + speak(); }
    }
    static class Dog extends Animal {
        String name = "dog";            // hides Animal.name
        static String kind() { return "Dog.kind"; }
        String speak() { return "woof"; }
        Dog self() { return this; }     // covariant return: a bridge method is generated
        String both() { return name + "/" + super.name + "/" + ((Animal) this).name; }
    }
    static class Puppy extends Dog {
        String speak() { return "yip"; }
    }
    static class Cat extends Animal {
        String speak() { return "meow"; }
    }
    abstract static class Vehicle {
        abstract int wheels();
        int total(int n) { return n * wheels(); }
    }
    static class Car extends Vehicle { int wheels() { return 4; } }
    static class Bike extends Vehicle { int wheels() { return 2; } }
    static class Trike extends Bike { int wheels() { return super.wheels() + 1; } }

    static String over(Object o) { return "Object"; }
    static String over(String s) { return "String"; }
    static String over(Integer i) { return "Integer"; }
    static String over(long l) { return "long"; }
    static String over(int i) { return "int"; }
    static String over(double d) { return "double"; }
    static String over(Object... os) { return "varargs" + os.length; }

    public static void main(String[] args) {
        Animal[] zoo = { new Animal(), new Dog(), new Puppy(), new Cat() };
        for (Animal a : zoo) {
            System.out.println(a.getClass().getSimpleName() + ": " + a.describe() + " | " + a.fixed()
                + " | self " + a.self().getClass().getSimpleName() + " | field " + a.name);
        }
        Dog d = new Puppy();
        System.out.println("Dog field " + d.name + " both " + d.both() + " static " + Dog.kind() + " " + Animal.kind());
        Animal a = d;
        System.out.println("as Animal: " + a.name + " " + a.speak());
        Vehicle[] vs = { new Car(), new Bike(), new Trike() };
        int sum = 0;
        for (int i = 0; i < 300; i++) sum += vs[i % 3].total(i);
        System.out.println("wheels sum " + sum);
        // Overload resolution is static
        Object o = "really a string";
        byte b = 1; short s = 2; char c = 'c'; long l = 3; float f = 4;
        System.out.println(over(o) + " " + over("s") + " " + over(1) + " " + over(Integer.valueOf(1)) + " "
            + over(b) + " " + over(s) + " " + over(c) + " " + over(l) + " " + over(f) + " " + over() + " " + over(1, 2));
        // Bridge methods visible by reflection
        int bridges = 0;
        for (java.lang.reflect.Method m : Dog.class.getDeclaredMethods()) if (m.isBridge()) bridges++;
        System.out.println("Dog bridges " + bridges);
        // Many subclasses through one call site (megamorphic)
        Animal[] many = new Animal[100];
        for (int i = 0; i < many.length; i++) many[i] = (i % 3 == 0) ? new Dog() : (i % 3 == 1) ? new Cat() : new Puppy();
        StringBuilder sb = new StringBuilder();
        int len = 0;
        for (Animal x : many) len += x.speak().length();
        sb.append(len);
        System.out.println("total speak length " + sb);
    }
}
