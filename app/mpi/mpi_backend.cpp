// MpiBackend over MPI: the module libkelvin_mpi.so (see mpi_backend.h).
#include "mpi/mpi_backend.h"

#include <mpi.h>

namespace kelvin::app {

namespace {

class Mpi : public MpiBackend {
 public:
  Mpi() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) MPI_Init(nullptr, nullptr);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &local);
    MPI_Comm_size(local, &localSize_);
    MPI_Comm_free(&local);
  }
  ~Mpi() override { MPI_Finalize(); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int localSize() const override { return localSize_; }

  std::vector<std::string> gatherToRoot(const std::string& mine) const override {
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

  int maxOverAll(int value) const override {
    int result = value;
    MPI_Allreduce(&value, &result, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return result;
  }

 private:
  int rank_ = 0;
  int size_ = 1;
  int localSize_ = 1;
};

}  // namespace

}  // namespace kelvin::app

extern "C" __attribute__((visibility("default"))) kelvin::app::MpiBackend* kelvin_join_mpi() {
  return new kelvin::app::Mpi();
}
