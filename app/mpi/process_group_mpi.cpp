// ProcessGroup built with MPI: under mpirun it loads the module libkelvin_mpi.so (mpi_backend.h)
// and works through it; otherwise it is this process alone and MPI is never loaded.
#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli/cli_error.h"
#include "mpi/mpi_backend.h"
#include "mpi/process_group.h"

namespace kelvin::app {

namespace {

/// True when a launcher (OpenMPI's mpirun, a PMI or PMIx one such as srun) started this process.
bool launchedByMpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return false;
}

/// The module: next to the executable (the build tree), else where it is installed.
std::string modulePath() {
  std::error_code ec;
  const std::filesystem::path here = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  if (!ec && std::filesystem::exists(here / "libkelvin_mpi.so", ec)) return (here / "libkelvin_mpi.so").string();
  return KELVIN_MPI_MODULE_DIR "/libkelvin_mpi.so";
}

}  // namespace

ProcessGroup::ProcessGroup() {
  if (!launchedByMpi()) return;
  const std::string path = modulePath();
  // Global symbols: OpenMPI's own plugins, which it loads in turn, look up libmpi's.
  void* module = ::dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  const auto join = module ? reinterpret_cast<MpiBackend* (*)()>(::dlsym(module, kJoinMpiSymbol)) : nullptr;
  if (!join) {
    const char* why = ::dlerror();  // names the file
    throw cli::CliError(cli::kExitInternalError, std::string("started by mpirun, but cannot load MPI support: ") +
                                                     (why ? why : path + " has no " + kJoinMpiSymbol));
  }
  mpi_.reset(join());  // the module stays loaded: MPI is finalised by the backend's destructor
  rank_ = mpi_->rank();
  size_ = mpi_->size();
  localSize_ = mpi_->localSize();
}

ProcessGroup::~ProcessGroup() = default;

std::vector<std::string> ProcessGroup::gatherToRoot(const std::string& mine) const {
  return mpi_ ? mpi_->gatherToRoot(mine) : std::vector<std::string>{mine};
}

int ProcessGroup::maxOverAll(int value) const { return mpi_ ? mpi_->maxOverAll(value) : value; }

}  // namespace kelvin::app
