static int *cache;
static int theirs;
int **other_cache(void) {
    cache = &theirs;
    return &cache;
}
