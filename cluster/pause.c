/*
 * The pod sandbox process of the real-node test cluster (containerd's sandbox_image): holds the
 * pod's namespaces, reaps orphaned children, exits on SIGTERM or SIGINT. Built static by
 * cluster/images.sh so the image needs nothing else.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void stop(int signal) {
  (void)signal;
  _exit(0);
}

static void reap(int signal) {
  (void)signal;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
}

int main(void) {
  struct sigaction on_stop = {0};
  on_stop.sa_handler = stop;
  sigaction(SIGTERM, &on_stop, NULL);
  sigaction(SIGINT, &on_stop, NULL);
  struct sigaction on_child = {0};
  on_child.sa_handler = reap;
  on_child.sa_flags = SA_NOCLDSTOP;
  sigaction(SIGCHLD, &on_child, NULL);
  for (;;) {
    pause();
  }
}
