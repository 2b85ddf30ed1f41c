#ifndef ALIAS_DEMO_ALIAS_ASSERT_H
#define ALIAS_DEMO_ALIAS_ASSERT_H
/* Alias assertions (docs/checks/alias-assertion.md): galias checks them statically;
   at run time they do nothing. */
static inline void MAYALIAS(void *a, void *b) { (void)a; (void)b; }
static inline void NOALIAS(void *a, void *b) { (void)a; (void)b; }
#endif
