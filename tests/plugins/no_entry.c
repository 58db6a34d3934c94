/* A shared library that is no plugin: it has no oclgrind_plugin_init. */
int not_a_plugin(void) { return 0; }
