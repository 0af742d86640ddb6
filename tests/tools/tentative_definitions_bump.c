/* The second file of tentative_definitions.c: the same tentative definition, and a use of it. */
int counter;

void bump(void) { ++counter; }
