#ifndef ALIAS_DEMO_H
#define ALIAS_DEMO_H
void copy_demo(int argc);
void restrict_demo(void);
void filter_demo(void);
void assertions_demo(void);
void memory_demo(int argc, char **argv);
int session_demo(int argc, char **argv);
#endif
