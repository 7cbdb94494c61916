// Linux's epoll for the server's event loops (Sources/CheckoutSimulator/Server/ReadinessSet.swift):
// Swift's Glibc module leaves <sys/epoll.h> out. Empty elsewhere.
#if defined(__linux__)
#include <sys/epoll.h>
#endif
