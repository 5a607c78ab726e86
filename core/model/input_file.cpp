#include "model/input_file.h"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace kelvin::core {

namespace {

InputFileText failure(std::string error) { return InputFileText{std::nullopt, std::move(error)}; }

std::string tooLarge() { return "is larger than 1 GiB, more than Kelvin reads"; }

}  // namespace

InputFileText readInputFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec) return failure(ec.message());
  switch (status.type()) {
    case fs::file_type::directory: return failure("is a directory, not a file");
    case fs::file_type::character:
    case fs::file_type::block: return failure("is a device, not a file");
    case fs::file_type::socket: return failure("is a socket, not a file");
    case fs::file_type::regular:
      if (fs::file_size(path, ec) > kMaxInputFileBytes && !ec) return failure(tooLarge());
      break;
    default: break;  // a pipe: read up to the limit
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return failure(std::generic_category().message(errno));
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxInputFileBytes) return failure(tooLarge());
  }
  if (in.bad()) return failure(std::generic_category().message(errno));
  return InputFileText{std::move(text), {}};
}

}  // namespace kelvin::core
