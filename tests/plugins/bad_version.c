/* A plugin built for another version of the plugin API: the host refuses it by name. */
#include <oclgrind_plugin.h>

int oclgrind_plugin_init(uint32_t host_version, const oclgrind_host_api *api,
                         oclgrind_plugin *plugin)
{
  (void)host_version;
  (void)api;
  plugin->api_version = 99;
  return 0;
}
