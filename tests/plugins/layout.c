/* Prints the size of each struct of oclgrind_plugin.h and the offset of each member, for the
 * test that the Rust types of oclgrind-plugin-abi have the same layout. */
#include <oclgrind_plugin.h>

#include <stddef.h>
#include <stdio.h>

#define SIZE(t) printf(#t " %zu\n", sizeof(t))
#define AT(t, m) printf(#t "." #m " %zu\n", offsetof(t, m))

int main(void)
{
  SIZE(oclgrind_launch);
  AT(oclgrind_launch, work_dim);
  AT(oclgrind_launch, global_offset);
  AT(oclgrind_launch, num_groups);
  SIZE(oclgrind_work_item);
  AT(oclgrind_work_item, group);
  SIZE(oclgrind_access);
  AT(oclgrind_access, kind);
  AT(oclgrind_access, address);
  AT(oclgrind_access, size);
  AT(oclgrind_access, data);
  SIZE(oclgrind_location);
  AT(oclgrind_location, line);
  AT(oclgrind_location, column);
  AT(oclgrind_location, instruction);
  SIZE(oclgrind_host_api);
  AT(oclgrind_host_api, report);
  AT(oclgrind_host_api, read_memory);
  SIZE(oclgrind_plugin);
  AT(oclgrind_plugin, interests);
  AT(oclgrind_plugin, thread_safe);
  AT(oclgrind_plugin, user);
  AT(oclgrind_plugin, kernel_begin);
  AT(oclgrind_plugin, memory_access);
  AT(oclgrind_plugin, log);
  AT(oclgrind_plugin, release);
  printf("OCLGRIND_PLUGIN_API_VERSION %d\n", OCLGRIND_PLUGIN_API_VERSION);
  return 0;
}
