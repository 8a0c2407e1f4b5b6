// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A workload for tests/apps/CommonsLang3 (see run).
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.commons.lang3.ArrayUtils;
import org.apache.commons.lang3.ClassUtils;
import org.apache.commons.lang3.EnumUtils;
import org.apache.commons.lang3.RandomStringUtils;
import org.apache.commons.lang3.SerializationUtils;
import org.apache.commons.lang3.StringEscapeUtils;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.Validate;
import org.apache.commons.lang3.builder.CompareToBuilder;
import org.apache.commons.lang3.builder.EqualsBuilder;
import org.apache.commons.lang3.builder.HashCodeBuilder;
import org.apache.commons.lang3.builder.ReflectionToStringBuilder;
import org.apache.commons.lang3.builder.ToStringStyle;
import org.apache.commons.lang3.exception.ExceptionUtils;
import org.apache.commons.lang3.math.Fraction;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.commons.lang3.reflect.FieldUtils;
import org.apache.commons.lang3.reflect.MethodUtils;
import org.apache.commons.lang3.reflect.TypeUtils;
import org.apache.commons.lang3.text.WordUtils;
import org.apache.commons.lang3.time.DateFormatUtils;
import org.apache.commons.lang3.time.DateUtils;
import org.apache.commons.lang3.time.DurationFormatUtils;
import org.apache.commons.lang3.tuple.Pair;

public class Main {
    enum Color { RED, GREEN, BLUE }

    static class Person implements Serializable, Comparable<Person> {
        private static final long serialVersionUID = 1L;
        String name;
        int age;
        List<String> tags = new ArrayList<>();
        private transient String secret = "hidden";

        Person(String name, int age) {
            this.name = name;
            this.age = age;
        }

        public String greet(String other) {
            return "Hello " + other + ", I am " + name;
        }

        @Override
        public boolean equals(Object o) {
            return EqualsBuilder.reflectionEquals(this, o);
        }

        @Override
        public int hashCode() {
            return HashCodeBuilder.reflectionHashCode(17, 37, this);
        }

        @Override
        public int compareTo(Person p) {
            return new CompareToBuilder().append(age, p.age).append(name, p.name).toComparison();
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println(StringUtils.abbreviate("The quick brown fox jumps over the lazy dog", 20));
        System.out.println(StringUtils.center("glass", 11, '*') + " " + StringUtils.reverse("stressed"));
        System.out.println(StringUtils.capitalize("vm") + " " + StringUtils.swapCase("GlassVM") + " "
                + StringUtils.difference("interpreter", "internet"));
        System.out.println(StringUtils.getLevenshteinDistance("kitten", "sitting") + " "
                + StringUtils.getJaroWinklerDistance("martha", "marhta"));
        System.out.println(Arrays.toString(StringUtils.splitByCharacterTypeCamelCase("parseHTTPResponse2xx")));
        System.out.println(StringUtils.join(new int[] {1, 2, 3}, '-') + " " + StringUtils.repeat("ab", ",", 3));
        System.out.println(WordUtils.wrap("A JVM written in C whose reason to exist is its tool interface", 20));
        System.out.println(StringEscapeUtils.escapeJava("tab\there \"quoted\" \u00e9") + " "
                + StringEscapeUtils.escapeHtml4("<a href=\"x\">&</a>") + " " + StringEscapeUtils.unescapeXml("&lt;&amp;&gt;"));

        int[] a = {5, 3, 9, 1};
        a = ArrayUtils.add(a, 7);
        ArrayUtils.reverse(a);
        System.out.println(Arrays.toString(a) + " " + ArrayUtils.indexOf(a, 9) + " "
                + Arrays.toString(ArrayUtils.toObject(ArrayUtils.subarray(a, 1, 3))));
        System.out.println(NumberUtils.toInt("42x", -1) + " " + NumberUtils.createNumber("0x1F") + " "
                + NumberUtils.createNumber("3.5e2") + " " + NumberUtils.max(4, 9, 2) + " " + NumberUtils.isCreatable("1e-3"));
        System.out.println(Fraction.getFraction(3, 12).reduce() + " " + Fraction.getFraction(0.75).add(Fraction.ONE_THIRD));

        Person p = new Person("Ada", 36);
        p.tags.add("math");
        System.out.println(ReflectionToStringBuilder.toString(p, ToStringStyle.SHORT_PREFIX_STYLE));
        Person copy = SerializationUtils.clone(p);
        System.out.println("clone equals: " + copy.equals(p) + ", same hash: " + (copy.hashCode() == p.hashCode())
                + ", transient: " + copy.secret);
        System.out.println("compare: " + p.compareTo(new Person("Bob", 36)) + " " + p.compareTo(new Person("Al", 20)));
        System.out.println(FieldUtils.readField(p, "name", true) + " " + FieldUtils.getAllFieldsList(Person.class).size());
        System.out.println(MethodUtils.invokeMethod(p, "greet", "Grace"));
        System.out.println(TypeUtils.toString(TypeUtils.parameterize(List.class, String.class)));
        System.out.println(ClassUtils.getShortClassName(Person.class) + " " + ClassUtils.getAllInterfaces(Person.class)
                + " " + ClassUtils.primitiveToWrapper(int.class));
        System.out.println(EnumUtils.getEnumMap(Color.class) + " " + EnumUtils.isValidEnum(Color.class, "PURPLE"));

        Calendar c = Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT);
        c.clear();
        c.set(2024, Calendar.FEBRUARY, 28, 13, 45, 30);
        Date d = c.getTime();
        System.out.println(DateFormatUtils.formatUTC(DateUtils.addDays(d, 1), "yyyy-MM-dd'T'HH:mm:ss EEE", Locale.ROOT));
        System.out.println(DateFormatUtils.formatUTC(DateUtils.truncate(d, Calendar.HOUR), "HH:mm:ss", Locale.ROOT)
                + " " + DurationFormatUtils.formatDuration(3_723_004L, "H:mm:ss.SSS"));

        System.out.println(RandomStringUtils.random(12, 0, 0, true, true, null, new java.util.Random(42)));
        Pair<String, Integer> pair = Pair.of("answer", 42);
        System.out.println(pair + " " + pair.getLeft());
        try {
            Validate.isTrue(false, "value %d out of range", 7);
        } catch (IllegalArgumentException e) {
            System.out.println("Validate: " + e.getMessage());
        }
        Exception nested = new RuntimeException("outer", new IllegalStateException("inner"));
        System.out.println(ExceptionUtils.getRootCauseMessage(nested) + " " + ExceptionUtils.getThrowableCount(nested));
    }
}
