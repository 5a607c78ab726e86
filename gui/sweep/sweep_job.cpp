#include "sweep/sweep_job.h"

#include <QTimer>

#include "analysis/background_tasks.h"

namespace kelvin::gui {

SweepJob::SweepJob(core::Model model, const core::BlockRegistry& registry, QString file, SweepRequest request,
                   QObject* parent)
    : QObject(parent), registry_(registry), timer_(new QTimer(this)) {
  begin_ = std::chrono::steady_clock::now();
  connect(timer_, &QTimer::timeout, this, &SweepJob::poll);
  timer_->start(kPollMs);
  worker_ = std::thread([this, model = std::move(model), file = file.toStdString(), request = std::move(request)] {
    try {
      auto runner = std::make_shared<core::SweepRunner>(
          model, registry_, file, request.spec, request.measures,
          core::SimulationOptions::fromSettings(model.settings, file), std::vector<std::string>{}, true);
      std::vector<long> all(static_cast<std::size_t>(runner->runCount()));
      for (std::size_t k = 0; k < all.size(); ++k) all[k] = static_cast<long>(k);
      {
        std::lock_guard lock(mutex_);
        runner_ = runner;
        compiled_ = true;
      }
      runner->runAll(all, request.jobs, [this](core::SweepRunResult&& r) {
        std::lock_guard lock(mutex_);
        pending_.push_back(std::move(r));
      }, &cancel_);
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex_);
      error_ = describeException(e);
    }
    std::lock_guard lock(mutex_);
    done_ = true;
  });
}

SweepJob::~SweepJob() {
  cancel_ = true;
  if (worker_.joinable()) worker_.join();
}

void SweepJob::poll() {
  std::vector<core::SweepRunResult> fresh;
  QString error;
  bool compiled = false, done = false;
  {
    std::lock_guard lock(mutex_);
    fresh.swap(pending_);
    error = error_;
    compiled = compiled_;
    done = done_;
  }
  if (compiled && total_ == 0) {
    total_ = runner_->runCount();
    Q_EMIT started(total_);
  }
  for (core::SweepRunResult& r : fresh) results_.push_back(std::move(r));
  if (!fresh.empty() || done) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin_).count();
    const long made = static_cast<long>(results_.size());
    Q_EMIT progressed(made, total_, made > 0 ? elapsed * static_cast<double>(total_ - made) / made : -1.0);
  }
  if (!done) return;
  timer_->stop();
  running_ = false;
  if (worker_.joinable()) worker_.join();
  if (!error.isEmpty()) {
    Q_EMIT failed(error);
    return;
  }
  Q_EMIT finished(cancel_.load());
}

}  // namespace kelvin::gui
