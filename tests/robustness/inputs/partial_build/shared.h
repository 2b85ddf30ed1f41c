#pragma once
int *pick(int *a, int *b);
