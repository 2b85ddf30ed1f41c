/* Alias assertions for galias's end-to-end tests (tests/e2e_alias/README.md).
 * Each call states what the analysis must answer for its two pointer arguments. */
#ifndef GALIAS_ALIAS_ASSERT_H
#define GALIAS_ALIAS_ASSERT_H

/* The two pointers may point to the same object: the analysis must answer may-alias. */
void MAYALIAS(const void *a, const void *b);
/* They never point to the same object: the analysis must answer no-alias. */
void NOALIAS(const void *a, const void *b);
/* They always point to the same object; a may-analysis passes by answering may-alias. */
void MUSTALIAS(const void *a, const void *b);
/* The truth is no-alias, but galias is known to answer may-alias (a documented loss of
 * precision). Passes while galias answers may-alias, so an improvement shows up. */
void EXPECTEDFAIL_NOALIAS(const void *a, const void *b);
/* The truth is may-alias, but galias is known to answer no-alias (a documented
 * unsoundness). Passes while galias answers no-alias. */
void EXPECTEDFAIL_MAYALIAS(const void *a, const void *b);

#endif
