package org.ratchet.reasoner.bottomup;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntLinkedOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ratchet.reasoner.analysis.StaticRelations;
import org.ratchet.reasoner.gdl.DependencyGraph;
import org.ratchet.reasoner.gdl.GameDescription;
import org.ratchet.reasoner.gdl.GdlException;
import org.ratchet.reasoner.gdl.Literal;
import org.ratchet.reasoner.gdl.Rule;
import org.ratchet.reasoner.gdl.Stratification;
import org.ratchet.reasoner.gdl.SymbolTable;
import org.ratchet.reasoner.gdl.Term;
import org.ratchet.reasoner.gdl.Variable;
import org.ratchet.reasoner.terms.TermStore;

/**
 * A game compiled for bottom-up evaluation: relations (a {@code true} literal reads a relation per fluent
 * functor, so rows are the fluent's arguments and can be indexed), rules as join {@link Plan}s, and the
 * strongly connected components of the rule graph in dependency order, each marked static (evaluated here,
 * once, and shared by every machine), state-dependent (evaluated per state, when a query needs it) or
 * move-dependent (per joint move). Only the relations that role, init, legal, next, terminal and goal
 * depend on are compiled.
 */
final class Program {
    static final int STATIC = 0;
    static final int STATE = 1;
    static final int MOVE = 2;
    /**
     * Rows a static relation may reach before it is evaluated on demand instead of whole, where it can be: a
     * relation of that size costs more to build than a game's playouts are likely to ask of it.
     */
    static final long DEMAND_ROWS = 250_000;

    /** One component of the rule graph: the relations its rules define and how to evaluate them. */
    static final class Component {
        final int kind;
        final int[] heads;
        final Plan[] plans;
        final boolean recursive;
        /** The non-static components this one reads, each evaluated before it. */
        final int[] dependsOn;
        /** Derived per key its readers ask for ({@link Program#onDemand}) rather than evaluated whole. */
        boolean onDemand;

        Component(int kind, int[] heads, Plan[] plans, boolean recursive, int[] dependsOn) {
            this.kind = kind;
            this.heads = heads;
            this.plans = plans;
            this.recursive = recursive;
            this.dependsOn = dependsOn;
        }
    }

    final GameDescription game;
    final TermStore base;
    /** Every relation; static ones hold their rows, dynamic ones are empty templates machines copy. */
    final Relation[] relations;
    final boolean[] isStatic;
    /**
     * Per relation: evaluated on demand, per key its readers look up (a {@link Plan.Demand} on every step
     * that reads it), instead of whole. Such a relation is either static, not recursive and too large to
     * build, or state-dependent and recursive or reading another one evaluated on demand (see
     * {@link Builder#planDynamic}).
     */
    final boolean[] onDemand;
    final Component[] components;
    /** Per relation, the component whose rules define it, or -1 (inputs, relations without rules). */
    final int[] componentOf;
    final int role;
    final int init;
    final int legal;
    final int goal;
    final int terminal;
    final int next;
    final int does;
    /** The relation of {@code (true ?x)} literals (whole facts), or -1 when no rule reads facts that way. */
    final int trueWhole;
    /** The relation of a fact's shape ({@link #shapeKey}), for facts that rules read by functor. */
    final Long2IntOpenHashMap trueByShape;
    final int maxVariables;
    final int maxArity;
    final int maxSteps;

    private Program(Builder b) {
        this.game = b.game;
        this.base = b.store;
        this.relations = b.relations;
        this.isStatic = b.isStatic;
        this.onDemand = b.onDemand;
        this.components = b.components.toArray(new Component[0]);
        this.componentOf = b.componentOf;
        this.role = b.relation(SymbolTable.ROLE, 1);
        this.init = b.relation(SymbolTable.INIT, 1);
        this.legal = b.relation(SymbolTable.LEGAL, 2);
        this.goal = b.relation(SymbolTable.GOAL, 2);
        this.terminal = b.relation(SymbolTable.TERMINAL, 0);
        this.next = b.relation(SymbolTable.NEXT, 1);
        this.does = b.relation(SymbolTable.DOES, 2);
        this.trueWhole = b.trueWhole;
        this.trueByShape = b.trueByShape;
        this.maxVariables = b.maxVariables;
        this.maxArity = b.maxArity;
        this.maxSteps = b.maxSteps;
    }

    /** Whether some recursive state- or move-dependent relation is evaluated on demand. */
    boolean recursionOnDemand() {
        for (Component component : components) {
            if (component.recursive && component.onDemand) {
                return true;
            }
        }
        return false;
    }

    /** Whether some recursive relation depends on the state or the moves (a candidate to evaluate on demand). */
    boolean hasRecursiveStateRelations() {
        for (Component component : components) {
            if (component.recursive && component.kind != STATIC) {
                return true;
            }
        }
        return false;
    }

    /** The key of a fact's shape: its functor, arity and whether it is a constant or a compound. */
    static long shapeKey(int functor, int arity, boolean compound) {
        return ((long) functor << 32) | ((long) arity << 1) | (compound ? 1 : 0);
    }

    /**
     * Compiles the game and evaluates its static relations within the deadline and row budget, with its
     * recursive state relations evaluated on demand where {@code recursionOnDemand} and their readers allow
     * (see {@link Builder#planDynamic}), else whole; throws when
     * the rules are not stratified, use a relation with two arities, are unsafe, or the static relations do
     * not fit the budgets. A static relation that outgrows {@link #DEMAND_ROWS}, or that reads one evaluated
     * on demand without binding any argument, is evaluated on demand where it can be.
     */
    static Program compile(GameDescription game, long deadlineNanos, long maxRows, boolean recursionOnDemand)
            throws GdlException {
        Builder builder = new Builder(game, recursionOnDemand);
        builder.compileRules();
        Program program = new Program(builder);
        Evaluator evaluator = new Evaluator(program, program.base, program.relations, deadlineNanos, maxRows,
            Long.MAX_VALUE);
        try {
            for (Component component : program.components) {
                if (component.kind != STATIC) {
                    continue;
                }
                if (!builder.replan(component)) {
                    builder.evaluateOnDemand(component, "it reads a relation evaluated on demand without a key");
                    continue;
                }
                try {
                    evaluator.evaluate(component, builder.canEvaluateOnDemand(component) ? DEMAND_ROWS : Long.MAX_VALUE);
                } catch (Evaluator.ComponentTooLarge e) {
                    for (int head : component.heads) {
                        program.relations[head].clear();
                    }
                    builder.evaluateOnDemand(component, e.getMessage());
                    continue;
                }
                for (int head : component.heads) {
                    builder.evaluated[head] = true;
                }
            }
        } catch (Evaluator.BudgetExceeded e) {
            throw new GdlException("static relations exceed the budget: " + e.getMessage());
        }
        builder.planDynamic(program.components);
        return program;
    }

    /** Builds a program from the rules; everything mutable during compilation lives here. */
    private static final class Builder {
        final GameDescription game;
        final boolean recursionOnDemand;
        final SymbolTable symbols;
        final TermStore store;
        final StaticRelations statics;
        final Stratification strata;
        final IntSet needed;
        final Map<String, Integer> relationIds = new HashMap<>();
        final IntArrayList arities = new IntArrayList();
        final IntArrayList symbolOf = new IntArrayList();
        final Long2IntOpenHashMap trueByShape = new Long2IntOpenHashMap();
        int trueWhole = -1;
        Relation[] relations;
        boolean[] isStatic;
        /** Per relation: a static relation already evaluated, whose statistics order the joins reading it. */
        boolean[] evaluated;
        boolean[] onDemand;
        /** The derivations of relations evaluated on demand, by relation and key mask. */
        final Map<Long, Plan.Demand> demands = new HashMap<>();
        /** The rule of the last read of a relation evaluated on demand without a key (for the message). */
        String unkeyedRead;
        /** The relations evaluated on demand that some plan reads without a key, since last cleared. */
        final IntSet unkeyed = new IntOpenHashSet();
        int[] componentOf;
        final List<Component> components = new ArrayList<>();
        int maxVariables = 1;
        int maxArity = 1;
        int maxSteps = 1;

        Builder(GameDescription game, boolean recursionOnDemand) throws GdlException {
            this.game = game;
            this.recursionOnDemand = recursionOnDemand;
            this.symbols = game.symbols();
            this.store = new TermStore(symbols.size());
            DependencyGraph graph = DependencyGraph.of(game);
            this.statics = StaticRelations.of(graph);
            this.strata = Stratification.of(game);
            this.needed = graph.dependencies(SymbolTable.ROLE, SymbolTable.INIT, SymbolTable.LEGAL,
                SymbolTable.NEXT, SymbolTable.TERMINAL, SymbolTable.GOAL);
            trueByShape.defaultReturnValue(-1);
            for (int[] core : new int[][] {{SymbolTable.ROLE, 1}, {SymbolTable.INIT, 1}, {SymbolTable.LEGAL, 2},
                    {SymbolTable.GOAL, 2}, {SymbolTable.TERMINAL, 0}, {SymbolTable.NEXT, 1}, {SymbolTable.DOES, 2}}) {
                relationFor(core[0], core[1], null);
            }
        }

        int relation(int symbol, int arity) {
            return relationIds.get("s" + symbol);
        }

        private int relationFor(int symbol, int arity, Rule rule) throws GdlException {
            return newRelation("s" + symbol, symbol, arity, rule);
        }

        private int newRelation(String key, int symbol, int arity, Rule rule) throws GdlException {
            Integer id = relationIds.get(key);
            if (id != null) {
                if (arities.getInt(id) != arity) {
                    throw new GdlException("relation '" + symbols.name(symbol) + "' is used with arities "
                        + arities.getInt(id) + " and " + arity + (rule == null ? "" : " in rule " + rule.render(symbols)),
                        rule == null ? 0 : rule.line());
                }
                return id;
            }
            if (arity > 31) {
                throw new GdlException("relation '" + symbols.name(symbol) + "' has more than 31 arguments");
            }
            int fresh = arities.size();
            relationIds.put(key, fresh);
            arities.add(arity);
            symbolOf.add(symbol);
            maxArity = Math.max(maxArity, arity);
            return fresh;
        }

        void compileRules() throws GdlException {
            Int2IntOpenHashMap componentOfSymbol = new Int2IntOpenHashMap();
            componentOfSymbol.defaultReturnValue(-1);
            List<List<Plan>> plansByComponent = new ArrayList<>();
            List<IntList> symbolComponents = strata.components();
            for (int c = 0; c < symbolComponents.size(); c++) {
                for (int symbol : symbolComponents.get(c)) {
                    componentOfSymbol.put(symbol, c);
                }
                plansByComponent.add(new ArrayList<>());
            }
            for (Rule rule : game.rules()) {
                int head = rule.head().symbol();
                if (!needed.contains(head)) {
                    continue;
                }
                for (List<Literal> body : rule.disjunctionFreeBodies()) {
                    Plan plan = compile(rule, body, componentOfSymbol);
                    plansByComponent.get(componentOfSymbol.get(head)).add(plan);
                }
            }
            relations = new Relation[arities.size()];
            isStatic = new boolean[relations.length];
            evaluated = new boolean[relations.length];
            onDemand = new boolean[relations.length];
            for (int r = 0; r < relations.length; r++) {
                int symbol = symbolOf.getInt(r);
                relations[r] = new Relation(arities.getInt(r), new int[0]);
                isStatic[r] = symbol != SymbolTable.TRUE && symbol != SymbolTable.DOES && statics.isStatic(symbol);
            }
            buildComponents(symbolComponents, plansByComponent, componentOfSymbol);
        }

        /**
         * Compiles the component's plans again, now that the static relations they read are evaluated: their
         * row counts per key order the joins ({@link JoinOrder.Fanout}). Returns false when a plan reads a
         * relation evaluated on demand without binding any of its arguments.
         */
        boolean replan(Component component) throws GdlException {
            boolean keyed = true;
            for (int p = 0; p < component.plans.length; p++) {
                Plan old = component.plans[p];
                List<Plan> deltas = new ArrayList<>();
                for (Plan delta : old.deltas) {
                    deltas.add(plan(delta.rule, delta.body, delta.delta, List.of(), 0));
                }
                Plan fresh = plan(old.rule, old.body, null, deltas, 0);
                keyed &= link(fresh);
                for (Plan delta : fresh.deltas) {
                    keyed &= link(delta);
                }
                component.plans[p] = fresh;
            }
            return keyed;
        }

        /**
         * Gives the plan's steps their indexes and, where they read a relation evaluated on demand, its
         * derivation for their key; false when such a step binds no argument.
         */
        private boolean link(Plan plan) throws GdlException {
            boolean keyed = true;
            for (Plan.Step step : plan.steps) {
                if (step.kind == Plan.Step.POSITIVE && !step.allBound && step.keyMask != 0) {
                    step.index = relations[step.relation].indexFor(step.keyMask);
                }
                if (step.relation < 0 || !onDemand[step.relation]) {
                    continue;
                }
                int mask = step.allBound ? (1 << step.args.length) - 1 : step.keyMask;
                if (mask == 0) {
                    keyed = false;
                    unkeyedRead = plan.source;
                    unkeyed.add(step.relation);
                } else {
                    step.demand = demand(step.relation, mask);
                }
            }
            return keyed;
        }

        /** The derivation of the relation's rows for keys on the positions of {@code mask}. */
        private Plan.Demand demand(int relation, int mask) throws GdlException {
            long key = ((long) relation << 32) | mask;
            Plan.Demand demand = demands.get(key);
            if (demand == null) {
                Component component = components.get(componentOf[relation]);
                Plan[] rules = component.plans;
                demand = new Plan.Demand(relation, mask, component.recursive, rules.length);
                demands.put(key, demand);
                for (int p = 0; p < rules.length; p++) {
                    demand.plans[p] = plan(rules[p].rule, rules[p].body, null, List.of(), mask);
                    // a state relation read without a key is evaluated whole again (planDynamic)
                    if (!link(demand.plans[p]) && isStatic[relation]) {
                        throw new GdlException("a relation too large to evaluate whole is read without a key in "
                            + unkeyedRead);
                    }
                }
            }
            return demand;
        }

        /**
         * Whether the component can be evaluated on demand: one relation with arguments, not one the machine
         * reads whole, and if recursive, a state relation in a program compiled with recursion on demand (a
         * static relation is evaluated on demand only when too large to build, and a recursive one is built
         * semi-naively at the cost of its rows).
         */
        boolean canEvaluateOnDemand(Component component) {
            if (component.heads.length != 1
                    || component.recursive && (component.kind == STATIC || !recursionOnDemand)) {
                return false;
            }
            int head = component.heads[0];
            int symbol = symbolOf.getInt(head);
            return arities.getInt(head) > 0 && symbol != SymbolTable.ROLE && symbol != SymbolTable.INIT
                && symbol != SymbolTable.LEGAL && symbol != SymbolTable.GOAL && symbol != SymbolTable.NEXT;
        }

        /** Marks the static component to be evaluated on demand, or throws where it cannot be. */
        void evaluateOnDemand(Component component, String why) throws GdlException {
            if (!canEvaluateOnDemand(component)) {
                throw new GdlException("static relations exceed the budget: " + why);
            }
            markOnDemand(component, true);
        }

        private void markOnDemand(Component component, boolean on) {
            component.onDemand = on;
            onDemand[component.heads[0]] = on;
        }

        /**
         * Plans the state- and move-dependent components once the static relations are known. Recursive ones,
         * and those that read a relation evaluated on demand, are evaluated on demand where every reader binds
         * a key: a recursive relation evaluated whole enumerates every key (chess's clear lines between every
         * pair of squares, in every state) where its readers ask for a few, and a reader of one evaluated on
         * demand would derive it for every key. A component some reader asks without a key is evaluated whole
         * again, and the plans compiled afresh, until every read is keyed.
         */
        void planDynamic(Component[] all) throws GdlException {
            for (Component component : all) {
                if (component.kind != STATIC && canEvaluateOnDemand(component)
                        && (component.recursive || readsOnDemand(component))) {
                    markOnDemand(component, true);
                }
            }
            while (true) {
                unkeyed.clear();
                demands.clear();
                for (Component component : all) {
                    // a component evaluated on demand runs only the plans of its demands, linked as read
                    if (component.kind != STATIC && !component.onDemand) {
                        replan(component);
                    }
                }
                boolean changed = false;
                for (Component component : all) {
                    if (component.kind != STATIC && component.onDemand && unkeyed.contains(component.heads[0])) {
                        markOnDemand(component, false);
                        changed = true;
                    }
                }
                if (!changed) {
                    break;
                }
            }
            if (!unkeyed.isEmpty()) {
                throw new GdlException("a relation too large to evaluate whole is read without a key in "
                    + unkeyedRead);
            }
        }

        private boolean readsOnDemand(Component component) {
            for (Plan plan : component.plans) {
                for (Plan.Step step : plan.steps) {
                    if (step.relation >= 0 && onDemand[step.relation]) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** The {@link JoinOrder.Fanout} of a literal: known for static relations evaluated already. */
        private double fanout(Term sentence, boolean[] bound) {
            if (relations == null || sentence.symbol() == SymbolTable.TRUE) {
                return JoinOrder.Fanout.UNKNOWN;
            }
            Integer relation = relationIds.get("s" + sentence.symbol());
            if (relation == null || !evaluated[relation] && !onDemand[relation]) {
                return JoinOrder.Fanout.UNKNOWN;
            }
            int mask = 0;
            for (int p = 0; p < sentence.arity(); p++) {
                if (JoinOrder.boundBy(sentence.arg(p), bound)) {
                    mask |= 1 << p;
                }
            }
            if (onDemand[relation]) {
                if (mask == 0) {
                    return JoinOrder.Fanout.UNKEYED;
                }
                // a static one is too large to build, so a partial key may derive a large part of it; a state
                // relation is read like any other (deriving it per full key would multiply the derivations)
                return isStatic[relation] ? JoinOrder.Fanout.PARTLY_KEYED : JoinOrder.Fanout.UNKNOWN;
            }
            return relations[relation].fanout(mask);
        }

        private void buildComponents(List<IntList> symbolComponents, List<List<Plan>> plansByComponent,
                Int2IntOpenHashMap componentOfSymbol) throws GdlException {
            componentOf = new int[relations.length];
            Arrays.fill(componentOf, -1);
            int[] compiledIndex = new int[symbolComponents.size()];
            Arrays.fill(compiledIndex, -1);
            for (int c = 0; c < symbolComponents.size(); c++) {
                List<Plan> plans = plansByComponent.get(c);
                if (plans.isEmpty()) {
                    continue;
                }
                IntLinkedOpenHashSet heads = new IntLinkedOpenHashSet();
                IntLinkedOpenHashSet dependsOn = new IntLinkedOpenHashSet();
                boolean recursive = false;
                int kind = STATIC;
                for (Plan plan : plans) {
                    heads.add(plan.headRelation);
                    recursive |= plan.deltas.length > 0;
                    for (Plan.Step step : plan.steps) {
                        if (step.relation < 0) {
                            continue;
                        }
                        int symbolComponent = componentOfSymbol.get(symbolOf.getInt(step.relation));
                        int other = symbolComponent < 0 ? -1 : compiledIndex[symbolComponent];
                        if (other >= 0 && symbolComponent != c && components.get(other).kind != STATIC) {
                            dependsOn.add(other);
                        }
                    }
                }
                for (int symbol : symbolComponents.get(c)) {
                    if (statics.dependsOnMoves(symbol)) {
                        kind = MOVE;
                    } else if (!statics.isStatic(symbol) && kind == STATIC) {
                        kind = STATE;
                    }
                }
                if (kind != STATIC) {
                    for (int head : heads) {
                        isStatic[head] = false;
                    }
                }
                compiledIndex[c] = components.size();
                for (int head : heads) {
                    componentOf[head] = components.size();
                }
                components.add(new Component(kind, heads.toIntArray(), plans.toArray(new Plan[0]), recursive,
                    dependsOn.toIntArray()));
            }
            if (componentOf[relation(SymbolTable.INIT, 1)] >= 0
                    && components.get(componentOf[relation(SymbolTable.INIT, 1)]).kind != STATIC) {
                throw new GdlException("'init' depends on the state or the moves");
            }
        }

        /** A literal resolved to the relation it reads and the patterns of that relation's row. */
        private record Read(int relation, Pattern[] args) {
        }

        private Read read(Term sentence, Rule rule) throws GdlException {
            int symbol = sentence.symbol();
            if (symbol == SymbolTable.TRUE) {
                if (sentence.arity() != 1) {
                    throw new GdlException("'true' needs one argument in rule " + rule.render(symbols), rule.line());
                }
                Term fact = sentence.arg(0);
                if (fact instanceof Variable) {
                    trueWhole = newRelation("t*", SymbolTable.TRUE, 1, rule);
                    return new Read(trueWhole, new Pattern[] {pattern(fact)});
                }
                boolean compound = fact instanceof org.ratchet.reasoner.gdl.Compound;
                int id = newRelation("t" + fact.symbol() + "/" + fact.arity() + (compound ? "c" : "a"),
                    SymbolTable.TRUE, fact.arity(), rule);
                trueByShape.put(shapeKey(fact.symbol(), fact.arity(), compound), id);
                return new Read(id, arguments(fact));
            }
            return new Read(relationFor(symbol, sentence.arity(), rule), arguments(sentence));
        }

        private Pattern[] arguments(Term term) {
            Pattern[] args = new Pattern[term.arity()];
            for (int i = 0; i < args.length; i++) {
                args[i] = pattern(term.arg(i));
            }
            return args;
        }

        private Pattern pattern(Term term) {
            if (term.isGround()) {
                return Pattern.ground(store.intern(term));
            }
            if (term instanceof Variable variable) {
                return Pattern.variable(variable.index());
            }
            return Pattern.structure(term.symbol(), arguments(term));
        }

        /**
         * One disjunction-free body as a plan, its literals in {@link JoinOrder}; each positive literal looks
         * rows up through an index on the argument positions bound before it. A recursive rule also gets one
         * plan per literal over its own component for the semi-naive rounds ({@link Plan#deltas}).
         */
        private Plan compile(Rule rule, List<Literal> body, Int2IntOpenHashMap componentOfSymbol)
                throws GdlException {
            for (Literal literal : body) {
                if (literal instanceof Literal.Negation negation && !(negation.inner() instanceof Literal.Positive)) {
                    throw new GdlException("a negation of something other than a sentence in rule "
                        + rule.render(symbols), rule.line());
                }
            }
            List<Plan> deltas = new ArrayList<>();
            if (strata.isRecursive(rule.head().symbol())) {
                int headComponent = componentOfSymbol.get(rule.head().symbol());
                for (Literal literal : body) {
                    if (literal instanceof Literal.Positive positive
                            && componentOfSymbol.get(positive.sentence().symbol()) == headComponent) {
                        deltas.add(plan(rule, body, positive, List.of(), 0));
                    }
                }
            }
            return plan(rule, body, null, deltas, 0);
        }

        /**
         * The plan of the body joined in {@link JoinOrder}, with {@code delta} (unless null) as its semi-naive
         * delta step. A static rule joins the delta first: its relations are large (a whole arithmetic table)
         * and evaluated once, so a round should cost what its new rows bind rather than a scan of the other
         * literals. A state rule keeps the order of its own plan: the state's facts usually bind far fewer
         * rows than the round's delta. The head's arguments at the positions of {@code headMask} are bound
         * before the body (a derivation on demand, {@link Plan.Demand}).
         */
        private Plan plan(Rule rule, List<Literal> body, Literal delta, List<Plan> deltas, int headMask)
                throws GdlException {
            boolean[] bound = new boolean[Math.max(1, rule.variableCount())];
            for (int bits = headMask; bits != 0; bits &= bits - 1) {
                JoinOrder.bind(rule.head().arg(Integer.numberOfTrailingZeros(bits)), bound);
            }
            boolean deltaFirst = delta != null && statics.isStatic(rule.head().symbol());
            List<Literal> ordered = JoinOrder.order(body, bound.clone(), deltaFirst ? delta : null, this::fanout);
            if (ordered == null) {
                throw new GdlException("unsafe rule (a variable of a negation or distinct is never bound): "
                    + rule.render(symbols), rule.line());
            }
            int deltaStep = -1;
            for (int i = 0; i < ordered.size(); i++) {
                if (ordered.get(i) == delta) {
                    deltaStep = i;
                }
            }
            List<Plan.Step> steps = new ArrayList<>();
            for (Literal literal : ordered) {
                if (!(literal instanceof Literal.Positive positive)) {
                    steps.add(test(literal, rule));
                    continue;
                }
                Read read = read(positive.sentence(), rule);
                int keyMask = 0;
                for (int p = 0; p < read.args().length; p++) {
                    if (read.args()[p].boundBy(bound)) {
                        keyMask |= 1 << p;
                    }
                }
                boolean allBound = keyMask == (1 << read.args().length) - 1;
                steps.add(new Plan.Step(Plan.Step.POSITIVE, read.relation(), read.args(), keyMask, allBound));
                for (Pattern arg : read.args()) {
                    arg.bind(bound);
                }
            }
            Pattern[] head = arguments(rule.head());
            for (Pattern arg : head) {
                if (!arg.boundBy(bound)) {
                    throw new GdlException("unsafe rule (a head variable is never bound): " + rule.render(symbols),
                        rule.line());
                }
            }
            int headRelation = relationFor(rule.head().symbol(), rule.head().arity(), rule);
            maxVariables = Math.max(maxVariables, rule.variableCount());
            maxSteps = Math.max(maxSteps, steps.size() + 1);
            return new Plan(headRelation, head, rule.variableCount(), steps.toArray(new Plan.Step[0]),
                deltas.toArray(new Plan[0]), deltaStep, rule.render(symbols), rule, body, delta);
        }

        private Plan.Step test(Literal literal, Rule rule) throws GdlException {
            if (literal instanceof Literal.Distinct distinct) {
                return new Plan.Step(Plan.Step.DISTINCT, -1,
                    new Pattern[] {pattern(distinct.left()), pattern(distinct.right())}, 0, true);
            }
            Read read = read(((Literal.Positive) ((Literal.Negation) literal).inner()).sentence(), rule);
            return new Plan.Step(Plan.Step.NEGATIVE, read.relation(), read.args(), 0, true);
        }
    }
}
