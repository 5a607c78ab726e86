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
  std::uintmax_t expected = 0;  // the size of a regular file
  switch (status.type()) {
    case fs::file_type::directory: return failure("is a directory, not a file");
    case fs::file_type::character:
    case fs::file_type::block: return failure("is a device, not a file");
    case fs::file_type::socket: return failure("is a socket, not a file");
    case fs::file_type::regular:
      expected = fs::file_size(path, ec);
      if (ec) expected = 0;
      if (expected > kMaxInputFileBytes) return failure(tooLarge());
      break;
    default: break;  // a pipe: read up to the limit
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return failure(std::generic_category().message(errno));
  // A regular file is read in one call into a string of its size plus the padding (one
  // allocation, no copy); a pipe, or a file that grows meanwhile, doubles the string as it comes.
  std::string text(expected + kInputFilePadding + 1, '\0');
  std::size_t used = 0;
  for (;;) {
    if (used == text.size()) text.resize(2 * text.size());
    in.read(text.data() + used, static_cast<std::streamsize>(text.size() - used));
    used += static_cast<std::size_t>(in.gcount());
    if (used > kMaxInputFileBytes) return failure(tooLarge());
    if (!in) break;
  }
  text.resize(used);  // the capacity stays: the padding is there unless the text filled it
  if (text.capacity() - used < kInputFilePadding) text.reserve(used + kInputFilePadding);
  if (in.bad()) return failure(std::generic_category().message(errno));
  return InputFileText{std::move(text), {}};
}

}  // namespace kelvin::core
