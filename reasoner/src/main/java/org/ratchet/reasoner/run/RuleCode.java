package org.ratchet.reasoner.run;

import static org.objectweb.asm.Opcodes.*;

import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;
import org.ratchet.reasoner.run.Program.Phase;
import org.ratchet.reasoner.tables.Block;
import org.ratchet.reasoner.tables.RulePlan;

/**
 * One game's rules as JVM bytecode: {@link HsfcMachine}'s rule loops written out once per rule, with the
 * rule's relations, offsets, widths and table arrays as constants. The machine's own loops read all of these
 * from the rule's {@link RulePlan} on every run and branch on them (which kind of input, how many conditions,
 * whether to stop after one), and every rule of a game passes through the same few loops, so the processor
 * cannot predict those branches; a loop of its own per rule has none of them. Where a rule's first input has
 * few candidates (a static input's RefNos, a sparse input's probes), they are unrolled into straight-line
 * tests of constant bits, as a propositional network would test them, and so is the second input for each
 * such candidate that leaves it few.
 *
 * <p>Recursive blocks are run by the machine (their passes read parts of lists, see {@link Block}). One
 * class is generated per
 * program and keeping (a hidden class: unloaded with the program); each machine makes its own instance,
 * bound to its knowledge base.
 */
abstract class RuleCode {
    final HsfcMachine machine;
    final int[] kb;
    final int[] end;
    final long[] bits;

    /** Phase indices of {@link #runPhase}. */
    static final int STATE = 0;
    static final int GOAL = 1;
    static final int NEXT = 2;

    RuleCode(HsfcMachine machine, int[] kb, int[] end, long[] bits) {
        this.machine = machine;
        this.kb = kb;
        this.end = end;
        this.bits = bits;
    }

    /** Runs the blocks of phase {@link #STATE}, {@link #GOAL} or {@link #NEXT} in order. */
    abstract void runPhase(int phase);

    /** Runs next rule {@code i} of the program's {@link Frames} (as {@link Frames#rules}[i]). */
    abstract void runFrameRule(int i);

    /** A program's generated class: makes the instance of each machine. */
    static final class Factory {
        private final MethodHandle constructor;
        /** How many rules have methods of their own, and the class file's size: for the compile's log. */
        final int rules;
        final int bytes;

        Factory(MethodHandle constructor, int rules, int bytes) {
            this.constructor = constructor;
            this.rules = rules;
            this.bytes = bytes;
        }

        RuleCode bind(HsfcMachine machine, int[] kb, int[] end, long[] bits) {
            try {
                return (RuleCode) constructor.invoke(machine, kb, end, bits);
            } catch (Throwable e) {
                throw new IllegalStateException("generated rule code failed to start", e);
            }
        }
    }

    /**
     * Most tests of a rule's first input written out one by one (a candidate: its own and one per condition,
     * about 15 bytes of bytecode each); with more the input is read by a loop. The bound keeps a rule's
     * method well inside the JIT's limit (it never compiles a method of over 8,000 bytes).
     */
    private static final int UNROLLED_TESTS = 160;
    /**
     * Most methods of a stage 1 for one constant RefNo in a class: past them stage 1 has only its general
     * method, so that a game of many rules stays within a class file's limits.
     */
    private static final int MOST_SPECIALISED = 2_000;
    /** Most conditions of a row tested inline; a wider row is tested by a loop. */
    private static final int INLINE_WIDTH = 6;
    /** Most rule calls in one generated method (a method over 8,000 bytes of bytecode is never compiled). */
    private static final int CALLS_PER_METHOD = 1000;
    /**
     * Frame rules per dispatch switch: a table switch costs 4 bytes a case and each case's call and return
     * about 5, so 500 cases keep a dispatch method well under the 8,000 bytes the JIT compiles.
     */
    private static final int FRAME_RULES_PER_SWITCH = 500;

    private static final String BASE = Type.getInternalName(RuleCode.class);
    private static final String MACHINE = Type.getInternalName(HsfcMachine.class);
    private static final String NAME = "org/ratchet/reasoner/run/GeneratedRules";
    private static final String STAGE = Type.getDescriptor(RulePlan.Stage.class);
    private static final String BLOCK = Type.getDescriptor(Block.class);

    /**
     * Generates the class for the state phase a machine runs (which depends on what it keeps), the goal and
     * next phases and the frame rules (null where there are none).
     */
    static Factory generate(Phase state, Phase goal, Phase next, Frames frames) {
        return new Generator(state, goal, next, frames).define();
    }

    /** Writes the class: constants first, then one method per rule, the phases and the dispatchers. */
    private static final class Generator {
        private final ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object"; // frames only ever merge arrays of one type
            }
        };
        private final List<Object> constants = new ArrayList<>();
        private final List<String> constantDescriptors = new ArrayList<>();
        private final Map<Object, Integer> constantIndex = new IdentityHashMap<>();
        private final Map<RulePlan, String> ruleMethods = new IdentityHashMap<>();
        private final Phase[] phases;
        private final Frames frames;
        /** How many methods of stage 1 for one constant RefNo have been written (see {@link #MOST_SPECIALISED}). */
        private int specialisedMethods;

        Generator(Phase state, Phase goal, Phase next, Frames frames) {
            this.phases = new Phase[] {state, goal, next};
            this.frames = frames;
        }

        Factory define() {
            cw.visit(V17, ACC_FINAL | ACC_SUPER, NAME, null, BASE, null);
            constructor();
            for (int p = 0; p < phases.length; p++) {
                phaseMethods(p);
            }
            phaseDispatch();
            frameDispatch();
            staticInitialiser();
            cw.visitEnd();
            byte[] bytes = cw.toByteArray();
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClassWithClassData(
                    bytes, constants.toArray(), true);
                MethodHandle constructor = lookup.findConstructor(lookup.lookupClass(), MethodType.methodType(
                    void.class, HsfcMachine.class, int[].class, int[].class, long[].class));
                return new Factory(constructor, ruleMethods.size(), bytes.length);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("generated rule code did not load", e);
            }
        }

        private void constructor() {
            String descriptor = "(L" + MACHINE + ";[I[I[J)V";
            MethodVisitor mv = cw.visitMethod(0, "<init>", descriptor, null, null);
            mv.visitCode();
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitVarInsn(ALOAD, 2);
            mv.visitVarInsn(ALOAD, 3);
            mv.visitVarInsn(ALOAD, 4);
            mv.visitMethodInsn(INVOKESPECIAL, BASE, "<init>", descriptor, false);
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /** The constants as static final fields, set from the class data (so the JIT folds them). */
        private void staticInitialiser() {
            for (int i = 0; i < constants.size(); i++) {
                cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, "c" + i, constantDescriptors.get(i), null, null)
                    .visitEnd();
            }
            MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
            mv.visitCode();
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
                "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
            mv.visitLdcInsn("_");
            mv.visitLdcInsn(Type.getType(Object[].class));
            mv.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "classData",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;",
                false);
            mv.visitTypeInsn(CHECKCAST, "[Ljava/lang/Object;");
            mv.visitVarInsn(ASTORE, 0);
            for (int i = 0; i < constants.size(); i++) {
                mv.visitVarInsn(ALOAD, 0);
                push(mv, i);
                mv.visitInsn(AALOAD);
                mv.visitTypeInsn(CHECKCAST, Type.getType(constantDescriptors.get(i)).getInternalName());
                mv.visitFieldInsn(PUTSTATIC, NAME, "c" + i, constantDescriptors.get(i));
            }
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /** Pushes constant {@code value} (an array or a plan object) from its static field. */
        private void constant(MethodVisitor mv, Object value, String descriptor) {
            Integer index = constantIndex.get(value);
            if (index == null) {
                index = constants.size();
                constants.add(value);
                constantDescriptors.add(descriptor);
                constantIndex.put(value, index);
            }
            mv.visitFieldInsn(GETSTATIC, NAME, "c" + index, descriptor);
        }

        /** runPhase: a switch over the phases, each phase's calls split over methods of a bounded size. */
        private void phaseMethods(int p) {
            List<Object[]> steps = new ArrayList<>();
            for (Block block : phases[p].blocks) {
                if (block.recursive) {
                    steps.add(new Object[] {block});
                } else {
                    for (RulePlan rule : block.rules) {
                        steps.add(new Object[] {rule});
                    }
                }
            }
            int parts = Math.max(1, (steps.size() + CALLS_PER_METHOD - 1) / CALLS_PER_METHOD);
            for (int part = 0; part < parts; part++) {
                MethodVisitor mv = cw.visitMethod(ACC_PRIVATE, "phase" + p + "_" + part, "()V", null, null);
                mv.visitCode();
                for (int s = part * CALLS_PER_METHOD; s < Math.min(steps.size(), (part + 1) * CALLS_PER_METHOD); s++) {
                    Object step = steps.get(s)[0];
                    if (step instanceof Block block) {
                        mv.visitVarInsn(ALOAD, 0);
                        mv.visitFieldInsn(GETFIELD, BASE, "machine", "L" + MACHINE + ";");
                        constant(mv, block, BLOCK);
                        mv.visitMethodInsn(INVOKEVIRTUAL, MACHINE, "runRecursive", "(" + BLOCK + ")V", false);
                    } else {
                        callRule(mv, (RulePlan) step);
                    }
                }
                mv.visitInsn(RETURN);
                mv.visitMaxs(0, 0);
                mv.visitEnd();
            }
            phaseParts[p] = parts;
        }

        /** phaseParts[p]: how many methods phase p's calls are split over. */
        private final int[] phaseParts = new int[3];

        private void phaseDispatch() {
            MethodVisitor mv = cw.visitMethod(0, "runPhase", "(I)V", null, null);
            mv.visitCode();
            Label[] labels = new Label[phases.length];
            for (int p = 0; p < labels.length; p++) {
                labels[p] = new Label();
            }
            Label done = new Label();
            mv.visitVarInsn(ILOAD, 1);
            mv.visitTableSwitchInsn(0, phases.length - 1, done, labels);
            for (int p = 0; p < labels.length; p++) {
                mv.visitLabel(labels[p]);
                for (int part = 0; part < phaseParts[p]; part++) {
                    mv.visitVarInsn(ALOAD, 0);
                    mv.visitMethodInsn(INVOKESPECIAL, NAME, "phase" + p + "_" + part, "()V", false);
                }
                mv.visitInsn(RETURN);
            }
            mv.visitLabel(done);
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /**
         * runFrameRule: a switch over groups of {@link #FRAME_RULES_PER_SWITCH} frame rules, each group's own
         * switch in a method of its own, so that every dispatch method stays small enough to be compiled.
         */
        private void frameDispatch() {
            int count = frames == null ? 0 : frames.rules.length;
            int groups = (count + FRAME_RULES_PER_SWITCH - 1) / FRAME_RULES_PER_SWITCH;
            for (int g = 0; g < groups; g++) {
                MethodVisitor mv = cw.visitMethod(ACC_PRIVATE, "frameRules" + g, "(I)V", null, null);
                mv.visitCode();
                int first = g * FRAME_RULES_PER_SWITCH;
                int last = Math.min(count, first + FRAME_RULES_PER_SWITCH) - 1;
                Label[] labels = new Label[last - first + 1];
                Arrays.setAll(labels, i -> new Label());
                Label done = new Label();
                mv.visitVarInsn(ILOAD, 1);
                mv.visitTableSwitchInsn(first, last, done, labels);
                for (int i = first; i <= last; i++) {
                    mv.visitLabel(labels[i - first]);
                    callRule(mv, frames.rules[i]);
                    mv.visitInsn(RETURN);
                }
                mv.visitLabel(done);
                mv.visitInsn(RETURN);
                mv.visitMaxs(0, 0);
                mv.visitEnd();
            }
            MethodVisitor mv = cw.visitMethod(0, "runFrameRule", "(I)V", null, null);
            mv.visitCode();
            if (groups == 1) {
                mv.visitVarInsn(ALOAD, 0);
                mv.visitVarInsn(ILOAD, 1);
                mv.visitMethodInsn(INVOKESPECIAL, NAME, "frameRules0", "(I)V", false);
            } else if (groups > 1) {
                Label[] labels = new Label[groups];
                Arrays.setAll(labels, g -> new Label());
                Label done = new Label();
                mv.visitVarInsn(ILOAD, 1);
                push(mv, FRAME_RULES_PER_SWITCH);
                mv.visitInsn(IDIV);
                mv.visitTableSwitchInsn(0, groups - 1, done, labels);
                for (int g = 0; g < groups; g++) {
                    mv.visitLabel(labels[g]);
                    mv.visitVarInsn(ALOAD, 0);
                    mv.visitVarInsn(ILOAD, 1);
                    mv.visitMethodInsn(INVOKESPECIAL, NAME, "frameRules" + g, "(I)V", false);
                    mv.visitInsn(RETURN);
                }
                mv.visitLabel(done);
            }
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /** A call of the rule's method (written on first use), or of the machine's loops for a long rule. */
        private void callRule(MethodVisitor mv, RulePlan rule) {
            String name = ruleMethods.get(rule);
            if (name == null) {
                name = "rule" + ruleMethods.size();
                ruleMethods.put(rule, name);
                new RuleWriter(this, rule, name).write();
            }
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKESPECIAL, NAME, name, "()V", false);
        }
    }

    /**
     * One rule's methods: the rule's own (HsfcMachine's run for this rule alone: its preconditions, then its
     * first input for RefNo 0, where every candidate is a constant), one per later input, and one of the
     * second input per constant RefNo the first passes where that leaves few candidates. The later ones take
     * the RefNo the input before passed and the head's list end, and return that end. Nested calls replace
     * the machine's stage buffers: the JIT inlines the small ones. Locals: the RefNo and list end, the knowledge
     * base's arrays, a loop's index, bound and current RefNo, and scratch for the tests and the append.
     */
    private static final class RuleWriter {
        private static final int REF = 1;
        private static final int POSITION = 2;
        private static final int KB = 3;
        private static final int END = 4;
        private static final int BITS = 5;
        private static final int I = 6;
        private static final int N = 7;
        private static final int NEXT = 8;
        private static final int GLOBAL = 9;
        private static final int CODE = 10;
        private static final int WORD = 11;
        private static final int C = 12;
        private static final int STOP = 13;
        private static final int TABLE_BASE = 14;
        private static final int OPTIONS = 15;
        private static final int MASK = 16; // long: 16-17
        private static final int OLD = 18; // long: 18-19
        /** The end of a wide row of conditions tested by a loop (C runs up to it), inside a probe loop's STOP. */
        private static final int ROW_END = 20;

        private final Generator generator;
        private final RulePlan rule;
        private final String name;
        private MethodVisitor mv;
        /**
         * The constant RefNos stage 0 passes to stage 1 for which stage 1 has a method of its own (its
         * candidates written out; the method's RefNo argument is then unused).
         */
        private final IntLinkedOpenHashSet specialised = new IntLinkedOpenHashSet();

        RuleWriter(Generator generator, RulePlan rule, String name) {
            this.generator = generator;
            this.rule = rule;
            this.name = name;
        }

        /** The method of stage k ≥ 1: int (RefNo, list end) → list end. */
        private String stageMethod(int k) {
            return name + "_" + k;
        }

        void write() {
            mv = generator.cw.visitMethod(ACC_PRIVATE, name, "()V", null, null);
            mv.visitCode();
            Label exit = new Label();
            loadArrays();
            for (int code : rule.preconditions) {
                testConstant(code, exit);
            }
            mv.visitVarInsn(ALOAD, END);
            push(mv, rule.headRelation);
            mv.visitInsn(IALOAD);
            mv.visitVarInsn(ISTORE, POSITION);
            if (rule.stages.length == 0) {
                appendConstant(rule.result[0]);
            } else {
                constantStage(0, 0);
            }
            mv.visitVarInsn(ALOAD, END);
            push(mv, rule.headRelation);
            mv.visitVarInsn(ILOAD, POSITION);
            mv.visitInsn(IASTORE);
            mv.visitLabel(exit);
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
            for (int k = 1; k < rule.stages.length; k++) {
                mv = generator.cw.visitMethod(ACC_PRIVATE, stageMethod(k), "(II)I", null, null);
                mv.visitCode();
                loadArrays();
                laterStage(k);
                mv.visitVarInsn(ILOAD, POSITION);
                mv.visitInsn(IRETURN);
                mv.visitMaxs(0, 0);
                mv.visitEnd();
            }
            for (int ref : specialised) {
                mv = generator.cw.visitMethod(ACC_PRIVATE, stageMethod(1) + "_" + ref, "(II)I", null, null);
                mv.visitCode();
                loadArrays();
                constantStage(1, ref);
                mv.visitVarInsn(ILOAD, POSITION);
                mv.visitInsn(IRETURN);
                mv.visitMaxs(0, 0);
                mv.visitEnd();
            }
        }

        private void loadArrays() {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, BASE, "kb", "[I");
            mv.visitVarInsn(ASTORE, KB);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, BASE, "end", "[I");
            mv.visitVarInsn(ASTORE, END);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, BASE, "bits", "[J");
            mv.visitVarInsn(ASTORE, BITS);
        }

        /**
         * Stage k for constant RefNo {@code ref} (stage 0: RefNo 0; stage 1: a RefNo stage 0 passes as a
         * constant): few candidates are written out as constant tests.
         */
        private void constantStage(int k, int ref) {
            RulePlan.Stage stage = rule.stages[k];
            Label out = new Label();
            if (stage.fixed != null) {
                int[] options = stage.fixed[ref];
                if (unrolls(stage, options.length)) {
                    for (int next : options) {
                        Label fail = new Label();
                        testRow(stage, next, fail);
                        passConstant(k, next, out);
                        mv.visitLabel(fail);
                    }
                } else {
                    generator.constant(mv, options, "[I");
                    mv.visitVarInsn(ASTORE, OPTIONS);
                    staticLoop(k);
                }
                mv.visitLabel(out);
                return;
            }
            if (stage.probeStart == null) {
                push(mv, ref * stage.size - stage.offset);
                mv.visitVarInsn(ISTORE, TABLE_BASE);
                scanLoop(k);
                mv.visitLabel(out);
                return;
            }
            int candidates = stage.probeStart[ref + 1] - stage.probeStart[ref];
            Label scan = new Label();
            if (stage.table != null) {
                // the machine's choice (probes): probe when clearly fewer candidates than listed IDs
                push(mv, 5 * candidates);
                listedTimesFour(stage);
                mv.visitJumpInsn(IF_ICMPGE, scan);
            }
            if (unrolls(stage, candidates)) {
                for (int j = 2 * stage.probeStart[ref]; j < 2 * stage.probeStart[ref + 1]; j += 2) {
                    Label fail = new Label();
                    testConstant(stage.offset + stage.probes[j], fail);
                    int next = stage.probes[j + 1];
                    testRow(stage, next, fail);
                    passConstant(k, next, out);
                    mv.visitLabel(fail);
                }
            } else {
                push(mv, 2 * stage.probeStart[ref]);
                mv.visitVarInsn(ISTORE, I);
                push(mv, 2 * stage.probeStart[ref + 1]);
                mv.visitVarInsn(ISTORE, STOP);
                probeLoop(k);
            }
            if (stage.table != null) {
                mv.visitJumpInsn(GOTO, out);
                mv.visitLabel(scan);
                push(mv, ref * stage.size - stage.offset);
                mv.visitVarInsn(ISTORE, TABLE_BASE);
                scanLoop(k);
            }
            mv.visitLabel(out);
        }

        /** Whether stage 1 for constant RefNo {@code ref} has few enough candidates to be written out. */
        private boolean specialises(int ref) {
            RulePlan.Stage stage = rule.stages[1];
            if (stage.fixed != null) {
                return unrolls(stage, stage.fixed[ref].length);
            }
            return stage.probeStart != null && unrolls(stage, stage.probeStart[ref + 1] - stage.probeStart[ref]);
        }

        /** Whether this many candidates of a stage for a constant RefNo are written out one by one. */
        private static boolean unrolls(RulePlan.Stage stage, int candidates) {
            return stage.width <= INLINE_WIDTH && candidates * (stage.width + 1) <= UNROLLED_TESTS;
        }

        /** Stage k ≥ 1 for the RefNo in local REF, as HsfcMachine's runLast and stage loops read it. */
        private void laterStage(int k) {
            RulePlan.Stage stage = rule.stages[k];
            if (stage.fixed != null) {
                generator.constant(mv, stage.fixed, "[[I");
                mv.visitVarInsn(ILOAD, REF);
                mv.visitInsn(AALOAD);
                mv.visitVarInsn(ASTORE, OPTIONS);
                staticLoop(k);
                return;
            }
            Label scan = new Label();
            Label out = new Label();
            if (stage.probeStart != null) {
                // I = 2 * probeStart[ref], STOP = 2 * probeStart[ref + 1]
                generator.constant(mv, stage.probeStart, "[I");
                mv.visitVarInsn(ILOAD, REF);
                mv.visitInsn(IALOAD);
                push(mv, 1);
                mv.visitInsn(ISHL);
                mv.visitVarInsn(ISTORE, I);
                generator.constant(mv, stage.probeStart, "[I");
                mv.visitVarInsn(ILOAD, REF);
                push(mv, 1);
                mv.visitInsn(IADD);
                mv.visitInsn(IALOAD);
                push(mv, 1);
                mv.visitInsn(ISHL);
                mv.visitVarInsn(ISTORE, STOP);
                if (stage.table != null) {
                    // 5 * candidates (= 5 * (STOP - I) / 2) against 4 * listed IDs
                    push(mv, 5);
                    mv.visitVarInsn(ILOAD, STOP);
                    mv.visitVarInsn(ILOAD, I);
                    mv.visitInsn(ISUB);
                    push(mv, 1);
                    mv.visitInsn(IUSHR);
                    mv.visitInsn(IMUL);
                    listedTimesFour(stage);
                    mv.visitJumpInsn(IF_ICMPGE, scan);
                }
                probeLoop(k);
                mv.visitJumpInsn(GOTO, out);
            }
            mv.visitLabel(scan);
            if (stage.table != null) {
                // base = ref * size - offset
                mv.visitVarInsn(ILOAD, REF);
                push(mv, stage.size);
                mv.visitInsn(IMUL);
                push(mv, stage.offset);
                mv.visitInsn(ISUB);
                mv.visitVarInsn(ISTORE, TABLE_BASE);
                scanLoop(k);
            }
            mv.visitLabel(out);
        }

        /** Pushes 4 × the IDs listed in the stage's relation. */
        private void listedTimesFour(RulePlan.Stage stage) {
            push(mv, 4);
            mv.visitVarInsn(ALOAD, END);
            push(mv, stage.relation);
            mv.visitInsn(IALOAD);
            push(mv, stage.offset);
            mv.visitInsn(ISUB);
            mv.visitInsn(IMUL);
        }

        /** for (int next : OPTIONS) if (conditions hold) pass(next); */
        private void staticLoop(int k) {
            Label loop = new Label();
            Label step = new Label();
            Label out = new Label();
            push(mv, 0);
            mv.visitVarInsn(ISTORE, I);
            mv.visitLabel(loop);
            mv.visitVarInsn(ILOAD, I);
            mv.visitVarInsn(ALOAD, OPTIONS);
            mv.visitInsn(ARRAYLENGTH);
            mv.visitJumpInsn(IF_ICMPGE, out);
            mv.visitVarInsn(ALOAD, OPTIONS);
            mv.visitVarInsn(ILOAD, I);
            mv.visitInsn(IALOAD);
            mv.visitVarInsn(ISTORE, NEXT);
            testPassAndStep(k, loop, step, out, 1);
        }

        /** for (i = offset; i < end[relation]; i++) { next = table[TABLE_BASE + kb[i]]; if (next ≥ 0 ...) pass } */
        private void scanLoop(int k) {
            RulePlan.Stage stage = rule.stages[k];
            Label loop = new Label();
            Label step = new Label();
            Label out = new Label();
            mv.visitVarInsn(ALOAD, END);
            push(mv, stage.relation);
            mv.visitInsn(IALOAD);
            mv.visitVarInsn(ISTORE, N);
            push(mv, stage.offset);
            mv.visitVarInsn(ISTORE, I);
            loopWhileBelow(loop, N, out);
            generator.constant(mv, stage.table, "[I");
            mv.visitVarInsn(ILOAD, TABLE_BASE);
            mv.visitVarInsn(ALOAD, KB);
            mv.visitVarInsn(ILOAD, I);
            mv.visitInsn(IALOAD);
            mv.visitInsn(IADD);
            mv.visitInsn(IALOAD);
            mv.visitInsn(DUP);
            mv.visitVarInsn(ISTORE, NEXT);
            mv.visitJumpInsn(IFLT, step);
            testPassAndStep(k, loop, step, out, 1);
        }

        /** The probes from I to STOP: for each (χ, next), if offset+χ is present and ... pass(next). */
        private void probeLoop(int k) {
            RulePlan.Stage stage = rule.stages[k];
            Label loop = new Label();
            Label step = new Label();
            Label out = new Label();
            loopWhileBelow(loop, STOP, out);
            generator.constant(mv, stage.probes, "[I");
            mv.visitVarInsn(ILOAD, I);
            mv.visitInsn(IALOAD);
            if (stage.offset != 0) {
                push(mv, stage.offset);
                mv.visitInsn(IADD);
            }
            mv.visitVarInsn(ISTORE, GLOBAL);
            // has(global)
            pushWordShiftedToGlobal();
            mv.visitInsn(LCONST_1);
            mv.visitInsn(LAND);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFEQ, step);
            generator.constant(mv, stage.probes, "[I");
            mv.visitVarInsn(ILOAD, I);
            push(mv, 1);
            mv.visitInsn(IADD);
            mv.visitInsn(IALOAD);
            mv.visitVarInsn(ISTORE, NEXT);
            testPassAndStep(k, loop, step, out, 2);
        }

        /** A candidate loop's head: at {@code loop}, on to {@code out} once I reaches the bound. */
        private void loopWhileBelow(Label loop, int boundLocal, Label out) {
            mv.visitLabel(loop);
            mv.visitVarInsn(ILOAD, I);
            mv.visitVarInsn(ILOAD, boundLocal);
            mv.visitJumpInsn(IF_ICMPGE, out);
        }

        /**
         * The end of a loop over a stage's candidates, with the candidate's RefNo in local NEXT: its row's
         * tests, the pass, then the step of I to the next candidate.
         */
        private void testPassAndStep(int k, Label loop, Label step, Label out, int increment) {
            testRow(rule.stages[k], step);
            passVariable(k, out);
            mv.visitLabel(step);
            mv.visitIincInsn(I, increment);
            mv.visitJumpInsn(GOTO, loop);
            mv.visitLabel(out);
        }

        /** Stage k passed constant RefNo {@code next}: post its result, or run the next stage for it. */
        private void passConstant(int k, int next, Label out) {
            if (k == rule.stages.length - 1) {
                appendConstant(rule.result[next]);
            } else if (k == 0 && generator.specialisedMethods < MOST_SPECIALISED && specialises(next)) {
                generator.specialisedMethods++;
                specialised.add(next);
                mv.visitVarInsn(ALOAD, 0);
                push(mv, next);
                mv.visitVarInsn(ILOAD, POSITION);
                mv.visitMethodInsn(INVOKESPECIAL, NAME, stageMethod(1) + "_" + next, "(II)I", false);
                mv.visitVarInsn(ISTORE, POSITION);
            } else {
                push(mv, next);
                mv.visitVarInsn(ISTORE, NEXT);
                callNextStage(k);
            }
            if (rule.stages[k].once) {
                mv.visitJumpInsn(GOTO, out);
            }
        }

        /** Stage k passed the RefNo in local NEXT. */
        private void passVariable(int k, Label out) {
            if (k == rule.stages.length - 1) {
                generator.constant(mv, rule.result, "[I");
                mv.visitVarInsn(ILOAD, NEXT);
                mv.visitInsn(IALOAD);
                mv.visitVarInsn(ISTORE, GLOBAL);
                appendVariable();
            } else {
                callNextStage(k);
            }
            if (rule.stages[k].once) {
                mv.visitJumpInsn(GOTO, out);
            }
        }

        /** position = stage k+1's method (NEXT, position): the locals of the loop around it are its own. */
        private void callNextStage(int k) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, NEXT);
            mv.visitVarInsn(ILOAD, POSITION);
            mv.visitMethodInsn(INVOKESPECIAL, NAME, stageMethod(k + 1), "(II)I", false);
            mv.visitVarInsn(ISTORE, POSITION);
        }

        /** The conditions of row {@code next} (a constant RefNo), each a constant test. */
        private void testRow(RulePlan.Stage stage, int next, Label fail) {
            for (int c = 0; c < stage.width; c++) {
                testConstant(stage.conditions[next * stage.width + c], fail);
            }
        }

        /** The conditions of the row in local NEXT: to {@code fail} unless all hold. */
        private void testRow(RulePlan.Stage stage, Label fail) {
            int width = stage.width;
            if (width == 0) {
                return;
            }
            if (width <= INLINE_WIDTH) {
                for (int c = 0; c < width; c++) {
                    generator.constant(mv, stage.conditions, "[I");
                    mv.visitVarInsn(ILOAD, NEXT);
                    if (width > 1) {
                        push(mv, width);
                        mv.visitInsn(IMUL);
                    }
                    if (c > 0) {
                        push(mv, c);
                        mv.visitInsn(IADD);
                    }
                    mv.visitInsn(IALOAD);
                    mv.visitVarInsn(ISTORE, CODE);
                    testVariable(fail);
                }
                return;
            }
            Label loop = new Label();
            Label out = new Label();
            mv.visitVarInsn(ILOAD, NEXT);
            push(mv, width);
            mv.visitInsn(IMUL);
            mv.visitInsn(DUP);
            mv.visitVarInsn(ISTORE, C);
            push(mv, width);
            mv.visitInsn(IADD);
            mv.visitVarInsn(ISTORE, ROW_END);
            mv.visitLabel(loop);
            mv.visitVarInsn(ILOAD, C);
            mv.visitVarInsn(ILOAD, ROW_END);
            mv.visitJumpInsn(IF_ICMPGE, out);
            generator.constant(mv, stage.conditions, "[I");
            mv.visitVarInsn(ILOAD, C);
            mv.visitInsn(IALOAD);
            mv.visitVarInsn(ISTORE, CODE);
            testVariable(fail);
            mv.visitIincInsn(C, 1);
            mv.visitJumpInsn(GOTO, loop);
            mv.visitLabel(out);
        }

        /** Pushes bits[GLOBAL >>> 6] >>> GLOBAL: the bit of the ID in local GLOBAL as the lowest. */
        private void pushWordShiftedToGlobal() {
            mv.visitVarInsn(ALOAD, BITS);
            mv.visitVarInsn(ILOAD, GLOBAL);
            push(mv, 6);
            mv.visitInsn(IUSHR);
            mv.visitInsn(LALOAD);
            mv.visitVarInsn(ILOAD, GLOBAL);
            mv.visitInsn(LUSHR);
        }

        /** The condition code in local CODE (HsfcMachine.holdsBit): to {@code fail} unless it holds. */
        private void testVariable(Label fail) {
            // global = code ^ (code >> 31)
            mv.visitVarInsn(ILOAD, CODE);
            mv.visitVarInsn(ILOAD, CODE);
            push(mv, 31);
            mv.visitInsn(ISHR);
            mv.visitInsn(IXOR);
            mv.visitVarInsn(ISTORE, GLOBAL);
            // ((bits[global >>> 6] >>> global) ^ (code >>> 31)) & 1
            pushWordShiftedToGlobal();
            mv.visitVarInsn(ILOAD, CODE);
            push(mv, 31);
            mv.visitInsn(IUSHR);
            mv.visitInsn(I2L);
            mv.visitInsn(LXOR);
            mv.visitInsn(LCONST_1);
            mv.visitInsn(LAND);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFEQ, fail);
        }

        /** Condition code {@code code} (an ID that must be present, or ~ID absent): to {@code fail} unless it holds. */
        private void testConstant(int code, Label fail) {
            int global = code ^ (code >> 31);
            mv.visitVarInsn(ALOAD, BITS);
            push(mv, global >>> 6);
            mv.visitInsn(LALOAD);
            mv.visitLdcInsn(1L << global);
            mv.visitInsn(LAND);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(code >= 0 ? IFEQ : IFNE, fail);
        }

        /** HsfcMachine.append of a constant global ID at local POSITION. */
        private void appendConstant(int global) {
            Label skip = new Label();
            int word = global >>> 6;
            long mask = 1L << global;
            mv.visitVarInsn(ALOAD, BITS);
            push(mv, word);
            mv.visitInsn(LALOAD);
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, OLD);
            mv.visitLdcInsn(mask);
            mv.visitInsn(LAND);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFNE, skip);
            mv.visitVarInsn(ALOAD, BITS);
            push(mv, word);
            mv.visitVarInsn(LLOAD, OLD);
            mv.visitLdcInsn(mask);
            mv.visitInsn(LOR);
            mv.visitInsn(LASTORE);
            mv.visitVarInsn(ALOAD, KB);
            mv.visitVarInsn(ILOAD, POSITION);
            push(mv, global);
            mv.visitInsn(IASTORE);
            mv.visitIincInsn(POSITION, 1);
            mv.visitLabel(skip);
        }

        /** HsfcMachine.append of the global ID in local GLOBAL at local POSITION. */
        private void appendVariable() {
            Label skip = new Label();
            mv.visitVarInsn(ILOAD, GLOBAL);
            push(mv, 6);
            mv.visitInsn(IUSHR);
            mv.visitVarInsn(ISTORE, WORD);
            mv.visitInsn(LCONST_1);
            mv.visitVarInsn(ILOAD, GLOBAL);
            mv.visitInsn(LSHL);
            mv.visitVarInsn(LSTORE, MASK);
            mv.visitVarInsn(ALOAD, BITS);
            mv.visitVarInsn(ILOAD, WORD);
            mv.visitInsn(LALOAD);
            mv.visitInsn(DUP2);
            mv.visitVarInsn(LSTORE, OLD);
            mv.visitVarInsn(LLOAD, MASK);
            mv.visitInsn(LAND);
            mv.visitInsn(LCONST_0);
            mv.visitInsn(LCMP);
            mv.visitJumpInsn(IFNE, skip);
            mv.visitVarInsn(ALOAD, BITS);
            mv.visitVarInsn(ILOAD, WORD);
            mv.visitVarInsn(LLOAD, OLD);
            mv.visitVarInsn(LLOAD, MASK);
            mv.visitInsn(LOR);
            mv.visitInsn(LASTORE);
            mv.visitVarInsn(ALOAD, KB);
            mv.visitVarInsn(ILOAD, POSITION);
            mv.visitVarInsn(ILOAD, GLOBAL);
            mv.visitInsn(IASTORE);
            mv.visitIincInsn(POSITION, 1);
            mv.visitLabel(skip);
        }
    }

    /** Pushes an int constant with the shortest instruction. */
    private static void push(MethodVisitor mv, int value) {
        if (value >= -1 && value <= 5) {
            mv.visitInsn(ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            mv.visitIntInsn(BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            mv.visitIntInsn(SIPUSH, value);
        } else {
            mv.visitLdcInsn(value);
        }
    }
}
