#include "cli/blocks_command.h"

#include <ostream>

#include "cli/cli_error.h"
#include "cli/command_context.h"
#include "cli/library_reference.h"
#include "cli/library_strings_source.h"

namespace kelvin::cli {

std::string BlocksCommand::summary() const {
  return "list the block library: type names, the Markdown reference, or the texts for translation";
}

std::vector<OptionSpec> BlocksCommand::options() const {
  return {{"format", "F", "list (type and title per line, default), markdown, or qt-strings"}};
}

int BlocksCommand::run(const CliArguments& args, CommandContext& context) {
  if (!args.positional().empty()) throw CliError(kExitUsage, "blocks takes no file");
  const std::string format = args.text("format").value_or("list");
  std::ostream& out = context.out();
  if (format == "list") {
    for (const core::ComponentType* type : context.registry().all()) out << type->type << '\t' << type->title << '\n';
  } else if (format == "markdown") {
    writeLibraryReference(out, context.registry());
  } else if (format == "qt-strings") {
    writeLibraryStringsSource(out, context.registry());
  } else {
    throw CliError(kExitUsage, "unknown format '" + format + "' (use list, markdown or qt-strings)");
  }
  if (!out.flush()) throw CliError(kExitOutputError, "cannot write to stdout");
  return kExitSuccess;
}

}  // namespace kelvin::cli
