// `render`: starts `render-cli`, the program beside it, with SIGINT and SIGTERM
// blocked. Loading render-cli's libraries (FFmpeg's and theirs) takes tens of
// milliseconds before any of its code runs; a signal in that time would end it
// by the signal. Blocked, the signal waits until render-cli has installed its
// handlers and unblocks it, and it then exits with 130 as at any other time.
// This program needs little more than the C library (the Swift runtime, that
// SwiftPM links into every executable, is linked in statically), and blocks
// them before anything else runs: within a millisecond or two.
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void block_signals(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, NULL);
}

// Before any constructor: SwiftPM links the Swift runtime into every executable, and its set-up comes first otherwise.
__attribute__((section(".preinit_array"), used)) static void (*const block_first)(void) = block_signals;

int main(int argc, char **argv) {
    (void)argc;

    char path[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length < 0) {
        fprintf(stderr, "render: cannot find where this program is: %s\n", strerror(errno));
        return 1;
    }
    path[length] = '\0';
    char *slash = strrchr(path, '/');
    const char name[] = "render-cli";
    if (slash == NULL || (size_t)(slash - path) + sizeof name + 1 > sizeof path) {
        fprintf(stderr, "render: cannot find where this program is\n");
        return 1;
    }
    memcpy(slash + 1, name, sizeof name);
    execv(path, argv);
    fprintf(stderr, "render: cannot run '%s': %s\n", path, strerror(errno));
    return 1;
}
