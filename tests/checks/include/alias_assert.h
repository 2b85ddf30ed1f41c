#ifndef GALIAS_TEST_ALIAS_ASSERT_H
#define GALIAS_TEST_ALIAS_ASSERT_H
/* The alias-assertion convention (docs/checks/alias-assertion.md). */
void MAYALIAS(void *a, void *b);
void NOALIAS(void *a, void *b);
void MUSTALIAS(void *a, void *b);
#endif
