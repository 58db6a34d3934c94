/*
 * An example plugin in C: a histogram of the memory accesses of each kernel launch, by
 * address space, kind (load, store, atomic) and size, logged at the launch's end.
 *
 *   cc -shared -fPIC -O2 -I plugin-abi/include examples/plugins/access_sizes.c \
 *      -o libaccess_sizes.so
 *   oclgrind --plugins ./libaccess_sizes.so ./app
 *
 * It is thread-safe (its counters are atomic), so launches keep all their worker threads.
 */
#include <oclgrind_plugin.h>

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPACES 5
#define KINDS 3
/* 1, 2, 4, ... 64 bytes, then larger. */
#define SIZES 8

typedef struct {
  const oclgrind_host_api *api;
  atomic_ulong counts[SPACES][KINDS][SIZES];
} histogram;

static const char *space_names[SPACES] = {"private", "global", "constant", "local", "generic"};
static const char *kind_names[KINDS] = {"load", "store", "atomic"};

static int size_bin(uint64_t size)
{
  int bin = 0;
  while (bin < SIZES - 1 && (1ull << bin) < size)
    bin++;
  return bin;
}

static void kernel_begin(void *user, const oclgrind_launch *launch)
{
  histogram *h = user;
  (void)launch;
  for (int s = 0; s < SPACES; s++)
    for (int k = 0; k < KINDS; k++)
      for (int b = 0; b < SIZES; b++)
        atomic_store(&h->counts[s][k][b], 0);
}

static void memory_access(void *user, const oclgrind_event_context *cx,
                          const oclgrind_access *access)
{
  histogram *h = user;
  (void)cx;
  if (access->space < SPACES && access->kind < KINDS)
    atomic_fetch_add(&h->counts[access->space][access->kind][size_bin(access->size)], 1);
}

static void kernel_end(void *user, const oclgrind_event_context *cx,
                       const oclgrind_launch *launch)
{
  histogram *h = user;
  char text[4096];
  int n = snprintf(text, sizeof text, "Memory accesses of kernel '%s' by space, kind and size:",
                   launch->kernel);
  for (int s = 0; s < SPACES; s++)
    for (int k = 0; k < KINDS; k++)
      for (int b = 0; b < SIZES; b++) {
        unsigned long count = atomic_load(&h->counts[s][k][b]);
        if (count == 0 || n >= (int)sizeof text)
          continue;
        n += snprintf(text + n, sizeof text - n, "\n  %-8s %-6s %s%3llu bytes: %lu",
                      space_names[s], kind_names[k], b == SIZES - 1 ? ">" : " ",
                      b == SIZES - 1 ? 64ull : 1ull << b, count);
      }
  h->api->log(cx, OCLGRIND_INFO, text);
}

static void release(void *user)
{
  free(user);
}

int oclgrind_plugin_init(uint32_t host_version, const oclgrind_host_api *api,
                         oclgrind_plugin *plugin)
{
  (void)host_version;
  histogram *h = calloc(1, sizeof *h);
  if (!h)
    return 1;
  h->api = api;
  memset(plugin, 0, sizeof *plugin);
  plugin->api_version = OCLGRIND_PLUGIN_API_VERSION;
  plugin->interests = OCLGRIND_EVENT_KERNEL | OCLGRIND_EVENT_MEMORY;
  plugin->thread_safe = 1;
  plugin->user = h;
  plugin->kernel_begin = kernel_begin;
  plugin->memory_access = memory_access;
  plugin->kernel_end = kernel_end;
  plugin->release = release;
  return 0;
}
