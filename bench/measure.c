// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// measure: runs a command and prints "<wall seconds> <peak RSS KB> <exit status> <CPU
// seconds>" (user + system time of the child, its threads included) on
// stderr-independent fd 3 (or stdout when fd 3 is not open). Used by bench/run so the
// benchmarks need neither GNU time nor python. The child's stdout/stderr are left as
// given. Usage: measure TIMEOUT_SECONDS COMMAND [ARGS...]
// The peak RSS is ru_maxrss of the child as reported by wait4 (the largest resident
// set of the process, including threads; kilobytes on Linux). Exit status 124 means the
// timeout expired and the child was killed, like timeout(1).
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t timed_out;
static pid_t child;

static void on_alarm(int sig) {
    (void)sig;
    timed_out = 1;
    if (child > 0) kill(child, SIGKILL);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: measure TIMEOUT_SECONDS COMMAND [ARGS...]\n");
        return 2;
    }
    unsigned limit = (unsigned)atoi(argv[1]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    child = fork();
    if (child < 0) { perror("fork"); return 2; }
    if (child == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    struct sigaction sa = { 0 };
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    if (limit > 0) alarm(limit);
    int status = 0;
    struct rusage ru;
    pid_t r;
    do {
        r = wait4(child, &status, 0, &ru);
    } while (r < 0 && errno == EINTR);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (r < 0) { perror("wait4"); return 2; }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (timed_out) code = 124;
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    FILE *out = fdopen(3, "w");
    if (out == NULL) out = stdout;
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    fprintf(out, "%.3f %ld %d %.3f\n", wall, ru.ru_maxrss, code, cpu);
    fflush(out);
    return 0;
}
