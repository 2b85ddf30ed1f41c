// RUN: --context-k=1
// Mutual recursion is one strongly connected component: calls inside it keep the caller's
// context, so `even` and `odd` get one context each per call from `use`.
void *odd(void *p, int n);
void *even(void *p, int n) { return n ? odd(p, n - 1) : p; }
void *odd(void *p, int n) { return n ? even(p, n - 1) : p; }
void use(void) {
    int x, y;
    void *a = even(&x, 4);
    void *b = even(&y, 3);
}

// CSPA-EXACT
// CSPA: assign(&use::x, even::p#1)
// CSPA: assign(&use::y, even::p#2)
// CSPA: assign(even::$call@5:41#1, even::$cond@5:37#1)
// CSPA: assign(even::$call@5:41#2, even::$cond@5:37#2)
// CSPA: assign(even::$cond@5:37#1, even::return#1)
// CSPA: assign(even::$cond@5:37#2, even::return#2)
// CSPA: assign(even::p#1, even::$cond@5:37#1)
// CSPA: assign(even::p#1, odd::p#1)
// CSPA: assign(even::p#2, even::$cond@5:37#2)
// CSPA: assign(even::p#2, odd::p#2)
// CSPA: assign(even::return#1, odd::$call@6:40#1)
// CSPA: assign(even::return#1, use::$call@9:15)
// CSPA: assign(even::return#2, odd::$call@6:40#2)
// CSPA: assign(even::return#2, use::$call@10:15)
// CSPA: assign(odd::$call@6:40#1, odd::$cond@6:36#1)
// CSPA: assign(odd::$call@6:40#2, odd::$cond@6:36#2)
// CSPA: assign(odd::$cond@6:36#1, odd::return#1)
// CSPA: assign(odd::$cond@6:36#2, odd::return#2)
// CSPA: assign(odd::p#1, even::p#1)
// CSPA: assign(odd::p#1, odd::$cond@6:36#1)
// CSPA: assign(odd::p#2, even::p#2)
// CSPA: assign(odd::p#2, odd::$cond@6:36#2)
// CSPA: assign(odd::return#1, even::$call@5:41#1)
// CSPA: assign(odd::return#2, even::$call@5:41#2)
// CSPA: assign(use::$call@10:15, use::b)
// CSPA: assign(use::$call@9:15, use::a)
// CSPA: dereference(&use::x, use::x)
// CSPA: dereference(&use::y, use::y)
// STAT: call_graph.recursive_components 1
// STAT: function_instances 5
// STAT: clones 2
