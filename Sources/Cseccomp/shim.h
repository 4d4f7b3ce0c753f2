#include <seccomp.h>
#include <sys/prctl.h>

/// prctl(2) with one argument: Swift cannot call the variadic C function.
static inline int tutorbuild_prctl(int option, unsigned long argument) { return prctl(option, argument, 0, 0, 0); }
