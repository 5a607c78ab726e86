// kelvin-cli: the headless front end. Everything but the logger lives in cli/.

#include <ios>
#include <string>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/command_dispatcher.h"
#include "cli/interrupt_cleanup.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);  // faster CSV on stdout, which only std::cout writes
  // Log to stderr: stdout may carry CSV.
  spdlog::set_default_logger(spdlog::stderr_color_mt("kelvin"));
  spdlog::set_level(spdlog::level::warn);
  kelvin::cli::installInterruptCleanup();  // SIGINT/SIGTERM: remove temporary files, exit 130/143
  kelvin::cli::CommandDispatcher dispatcher;
  return dispatcher.run(std::vector<std::string>(argv + 1, argv + argc));
}
