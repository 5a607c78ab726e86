// ProcessGroup over MPI (built when CMake found MPI).
#include "mpi/process_group.h"

#include <cstdlib>
#include <string>

#include <mpi.h>

namespace kelvin::app {

namespace {
/// True when a launcher (OpenMPI's mpirun, a PMI or PMIx one such as srun) started this process.
bool launchedByMpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(name)) return true;
  return false;
}
}  // namespace

ProcessGroup::ProcessGroup() {
  if (!launchedByMpi()) return;
  int initialised = 0;
  MPI_Initialized(&initialised);
  if (!initialised) MPI_Init(nullptr, nullptr);
  joined_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
  MPI_Comm_size(local, &localSize_);
  MPI_Comm_free(&local);
}

ProcessGroup::~ProcessGroup() {
  if (joined_) MPI_Finalize();
}

std::vector<std::string> ProcessGroup::gatherToRoot(const std::string& mine) const {
  if (!joined_) return {mine};
  const int length = static_cast<int>(mine.size());
  std::vector<int> lengths(rank_ == 0 ? size_ : 0), offsets(rank_ == 0 ? size_ : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (rank_ == 0) {
    int total = 0;
    for (int r = 0; r < size_; ++r) offsets[r] = total, total += lengths[r];
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> parts;
  if (rank_ == 0)
    for (int r = 0; r < size_; ++r) parts.push_back(all.substr(offsets[r], lengths[r]));
  return parts;
}

int ProcessGroup::maxOverAll(int value) const {
  if (!joined_) return value;
  int result = value;
  MPI_Allreduce(&value, &result, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return result;
}

}  // namespace kelvin::app
