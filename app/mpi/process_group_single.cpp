// ProcessGroup without MPI (built when CMake found none): always this process alone.
#include "mpi/process_group.h"

#include "mpi/mpi_backend.h"

namespace kelvin::app {

ProcessGroup::ProcessGroup() = default;
ProcessGroup::~ProcessGroup() = default;

std::vector<std::string> ProcessGroup::gatherToRoot(const std::string& mine) const { return {mine}; }

int ProcessGroup::maxOverAll(int value) const { return value; }

}  // namespace kelvin::app
