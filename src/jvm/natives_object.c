// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * natives_object.c — VM natives of java.lang.Object, and fast versions of small hot
 * natives of Thread, Float, Double, System and Class.
 *
 * Object: since JDK 17 libjava has no symbol for hashCode, clone, notify, notifyAll and
 * wait(long) (Object.registerNatives is gone), so the VM must provide them.
 *
 * The others do exist in libjava (directly, or bound by its registerNatives to JVM_* and
 * JNI functions), but every call there would cost a JNI transition through libffi for a
 * one-line body. A VM native registered here wins over the library (native.h, linking
 * order), so each one must behave exactly like the function libjava would have called:
 *   Thread.currentThread        JVM_CurrentThread
 *   Float/Double bit moves      Java_java_lang_Float_*, Java_java_lang_Double_* (unions)
 *   System.nanoTime, currentTimeMillis   JVM_NanoTime, JVM_CurrentTimeMillis
 *   System.identityHashCode     JVM_IHashCode (0 for null)
 *   Object.getClass             JNI GetObjectClass
 *   Class.isInstance            Java_java_lang_Class_isInstance: false for null, else JNI
 *                               IsInstanceOf (false for a primitive class)
 *   Class.isAssignableFrom      Java_java_lang_Class_isAssignableFrom: NPE (no message)
 *                               for null, else JNI IsAssignableFrom (primitive classes
 *                               are assignable only from themselves)
 *   Class.isInterface/isArray/isPrimitive   JVM_IsInterface / JVM_IsArrayClass /
 *                               JVM_IsPrimitiveClass
 * Class.getModifiers is deliberately not here: its rules (inner-class flags, array
 * modifiers) belong to JVM_GetClassModifiers alone.
 *
 * All run on the calling thread in TS_JAVA; the only ones that block (wait) do so through
 * monitor.h, which makes the thread safe while it waits.
 *
 * Leaves (class.h VMLeaf): the interpreter calls the one-line ones without a frame while
 * no tool looks; String.equals and hashCode, Java methods whose bodies stay, have leaves
 * that do exactly what JDK 17's bodies do (a byte compare instead of an interpreted loop).
 */
#include <string.h>

#include "../os/os.h"
#include "../vm/class.h"
#include "../vm/exception.h"
#include "../vm/monitor.h"
#include "../vm/object.h"
#include "../vm/thread.h"
#include "../vm/wellknown.h"
#include "natives.h"
#include "../jvmti/jvmti_vm.h" /* event hooks */

/* ---- java.lang.Object ---- */

static void object_hashCode(Thread *t, Slot *args, Slot *ret)
{
    ret->i = obj_identity_hash(t, args[0].l);
}

static void object_getClass(Thread *t, Slot *args, Slot *ret)
{
    ret->l = args[0].l->klass->mirror;
}

/* JVM_Clone: arrays are always cloneable; other objects only if their class implements
 * Cloneable, else CloneNotSupportedException naming the class (as HotSpot does). */
static void object_clone(Thread *t, Slot *args, Slot *ret)
{
    Object *o = args[0].l;
    Class *c = o->klass;
    if (!class_is_array(c) && !class_is_subclass_of(c, wk.Cloneable)) {
        char name[512];
        class_external_name(c, name, sizeof name);
        exc_throw(t, "java/lang/CloneNotSupportedException", "%s", name);
        ret->l = NULL;
        return;
    }
    ret->l = obj_clone(t, o);
    if (unlikely(jvmti_want(JVMTI_EVENT_VM_OBJECT_ALLOC)) && ret->l) jvmti_post_vm_object_alloc(t, ret->l);
}

static void object_notify(Thread *t, Slot *args, Slot *ret)
{
    mon_notify(t, args[0].l);
}

static void object_notifyAll(Thread *t, Slot *args, Slot *ret)
{
    mon_notify_all(t, args[0].l);
}

/* wait(long): the negative-timeout check comes before the ownership check, as in
 * HotSpot's ObjectSynchronizer::wait. mon_wait handles interrupts (clearing the Java
 * interrupt field when it throws InterruptedException) and the thread states. */
static void object_wait(Thread *t, Slot *args, Slot *ret)
{
    mon_wait(t, args[0].l, args[1].j);
}

/* ---- java.lang.Thread ---- */

static void thread_currentThread(Thread *t, Slot *args, Slot *ret)
{
    ret->l = t->jthread;
}

/* ---- java.lang.Float / java.lang.Double: raw bit moves, NaN payloads preserved ---- */

static void float_floatToRawIntBits(Thread *t, Slot *args, Slot *ret)
{
    int32_t bits;
    memcpy(&bits, &args[0].f, sizeof bits);
    ret->i = bits;
}

static void float_intBitsToFloat(Thread *t, Slot *args, Slot *ret)
{
    float f;
    memcpy(&f, &args[0].i, sizeof f);
    ret->f = f;
}

static void double_doubleToRawLongBits(Thread *t, Slot *args, Slot *ret)
{
    int64_t bits;
    memcpy(&bits, &args[0].d, sizeof bits);
    ret->j = bits;
}

static void double_longBitsToDouble(Thread *t, Slot *args, Slot *ret)
{
    double d;
    memcpy(&d, &args[0].j, sizeof d);
    ret->d = d;
}

/* ---- java.lang.System ---- */

static void system_nanoTime(Thread *t, Slot *args, Slot *ret)
{
    ret->j = os_nanotime();
}

static void system_currentTimeMillis(Thread *t, Slot *args, Slot *ret)
{
    ret->j = os_current_millis();
}

static void system_identityHashCode(Thread *t, Slot *args, Slot *ret)
{
    Object *o = args[0].l;
    ret->i = o == NULL ? 0 : obj_identity_hash(t, o);
}

/* ---- java.lang.Class predicates (receiver = the mirror) ---- */

static void class_isInstance(Thread *t, Slot *args, Slot *ret)
{
    Class *c = class_from_mirror(args[0].l);
    Object *o = args[1].l;
    ret->i = o != NULL && !class_is_primitive(c) && obj_instance_of(o, c);
}

static void class_isAssignableFrom(Thread *t, Slot *args, Slot *ret)
{
    Object *other = args[1].l;
    if (other == NULL) {
        exc_throw(t, "java/lang/NullPointerException", NULL);
        ret->i = 0;
        return;
    }
    Class *super = class_from_mirror(args[0].l);
    Class *sub = class_from_mirror(other);
    if (class_is_primitive(super) || class_is_primitive(sub))
        ret->i = super == sub;
    else
        ret->i = class_is_subclass_of(sub, super);
}

static void class_isInterface(Thread *t, Slot *args, Slot *ret)
{
    Class *c = class_from_mirror(args[0].l);
    ret->i = !class_is_primitive(c) && class_is_interface(c);
}

static void class_isArray(Thread *t, Slot *args, Slot *ret)
{
    ret->i = class_is_array(class_from_mirror(args[0].l));
}

static void class_isPrimitive(Thread *t, Slot *args, Slot *ret)
{
    ret->i = class_is_primitive(class_from_mirror(args[0].l));
}

VM_LEAF(object_hashCode)
VM_LEAF(object_getClass)
VM_LEAF(thread_currentThread)
VM_LEAF(float_floatToRawIntBits)
VM_LEAF(float_intBitsToFloat)
VM_LEAF(double_doubleToRawLongBits)
VM_LEAF(double_longBitsToDouble)
VM_LEAF(system_nanoTime)
VM_LEAF(system_currentTimeMillis)
VM_LEAF(system_identityHashCode)
VM_LEAF(class_isInstance)
VM_LEAF(class_isInterface)
VM_LEAF(class_isArray)
VM_LEAF(class_isPrimitive)

/* Class.isAssignableFrom without its NullPointerException, which takes the native. */
static bool class_isAssignableFrom_leaf(Thread *t, Slot *args, Slot *ret)
{
    if (args[1].l == NULL) return false;
    ret->raw = 0;
    class_isAssignableFrom(t, args, ret);
    return true;
}

/* ---- java.lang.String: leaves of equals and hashCode (Java methods, bodies kept) ---- */

/* JDK 17 String.equals: the same object; else a String (final: the class is String) of
 * the same coder whose value bytes are equal (StringLatin1.equals serves both coders).
 * With -XX:-CompactStrings every coder is UTF16, so comparing coders stays right. */
static bool string_equals_leaf(Thread *t, Slot *args, Slot *ret)
{
    Object *a = args[0].l, *b = args[1].l;
    bool eq = a == b;
    if (!eq && b != NULL && b->klass == wk.String &&
        FIELD_GET(a, wk_off.String_coder, int8_t) == FIELD_GET(b, wk_off.String_coder, int8_t)) {
        Array *va = FIELD_GET(a, wk_off.String_value, Array *), *vb = FIELD_GET(b, wk_off.String_value, Array *);
        eq = va->length == vb->length && memcmp(array_data(va), array_data(vb), (size_t)va->length) == 0;
    }
    SLOT_SET_I(*ret, eq);
    return true;
}

/* JDK 17 String.hashCode: the cached hash; else computed (StringLatin1/StringUTF16
 * .hashCode: h = 31 h + c, chars in the platform's byte order) and cached in `hash`, or
 * `hashIsZero` when it is 0. Races as benign as the Java body's. */
static bool string_hashCode_leaf(Thread *t, Slot *args, Slot *ret)
{
    Object *s = args[0].l;
    int32_t h = FIELD_GET(s, wk_off.String_hash, int32_t);
    if (h == 0 && !FIELD_GET(s, wk_off.String_hashIsZero, uint8_t)) {
        Array *v = FIELD_GET(s, wk_off.String_value, Array *);
        uint32_t x = 0;
        if (FIELD_GET(s, wk_off.String_coder, int8_t) == 0) {
            const uint8_t *b = array_data(v);
            for (int32_t i = 0; i < v->length; i++) x = 31 * x + b[i];
        } else {
            const uint16_t *c = array_data(v);
            for (int32_t i = 0; i < v->length / 2; i++) x = 31 * x + c[i];
        }
        h = (int32_t)x;
        if (h == 0) FIELD_SET(s, wk_off.String_hashIsZero, uint8_t, 1);
        else FIELD_SET(s, wk_off.String_hash, int32_t, h);
    }
    SLOT_SET_I(*ret, h);
    return true;
}

const VMNativeEntry jvm_object_natives[] = {
    {"java/lang/Object", "hashCode", "()I", object_hashCode, object_hashCode_leaf},
    {"java/lang/Object", "getClass", "()Ljava/lang/Class;", object_getClass, object_getClass_leaf},
    {"java/lang/Object", "clone", "()Ljava/lang/Object;", object_clone},
    {"java/lang/Object", "notify", "()V", object_notify},
    {"java/lang/Object", "notifyAll", "()V", object_notifyAll},
    {"java/lang/Object", "wait", "(J)V", object_wait},

    {"java/lang/Thread", "currentThread", "()Ljava/lang/Thread;", thread_currentThread, thread_currentThread_leaf},

    {"java/lang/Float", "floatToRawIntBits", "(F)I", float_floatToRawIntBits, float_floatToRawIntBits_leaf},
    {"java/lang/Float", "intBitsToFloat", "(I)F", float_intBitsToFloat, float_intBitsToFloat_leaf},
    {"java/lang/Double", "doubleToRawLongBits", "(D)J", double_doubleToRawLongBits, double_doubleToRawLongBits_leaf},
    {"java/lang/Double", "longBitsToDouble", "(J)D", double_longBitsToDouble, double_longBitsToDouble_leaf},

    {"java/lang/System", "nanoTime", "()J", system_nanoTime, system_nanoTime_leaf},
    {"java/lang/System", "currentTimeMillis", "()J", system_currentTimeMillis, system_currentTimeMillis_leaf},
    {"java/lang/System", "identityHashCode", "(Ljava/lang/Object;)I", system_identityHashCode, system_identityHashCode_leaf},

    {"java/lang/Class", "isInstance", "(Ljava/lang/Object;)Z", class_isInstance, class_isInstance_leaf},
    {"java/lang/Class", "isAssignableFrom", "(Ljava/lang/Class;)Z", class_isAssignableFrom, class_isAssignableFrom_leaf},
    {"java/lang/Class", "isInterface", "()Z", class_isInterface, class_isInterface_leaf},
    {"java/lang/Class", "isArray", "()Z", class_isArray, class_isArray_leaf},
    {"java/lang/Class", "isPrimitive", "()Z", class_isPrimitive, class_isPrimitive_leaf},

    {"java/lang/String", "equals", "(Ljava/lang/Object;)Z", NULL, string_equals_leaf},
    {"java/lang/String", "hashCode", "()I", NULL, string_hashCode_leaf},
    {NULL},
};
