#pragma once
// Checks the document's model off the GUI thread with core::checkModel, the
// check `kelvin-cli validate` and Run make (compilation included, so it may
// take a while on a large model): check() takes a snapshot and returns at
// once; checked() follows on the GUI thread. A check overtaken by a newer one,
// by a new model or by cancel() is stopped between its phases and dropped by its token.

#include <atomic>
#include <memory>
#include <vector>

#include <QObject>

#include "analysis/background_tasks.h"
#include "model/diagnostic.h"

namespace kelvin::gui {

class ModelDocument;

class ModelChecker : public QObject {
  Q_OBJECT

 public:
  /// `document` must outlive the checker.
  explicit ModelChecker(ModelDocument* document, QObject* parent = nullptr);
  /// Stops a check still running and waits for it (it holds only its own snapshot).
  ~ModelChecker() override;

  /// Starts checking the model as it is now.
  void check();
  /// Drops the check under way: its result will not be reported (a new model, or a run that
  /// validates the model itself and reports what it finds).
  void cancel();
  bool isChecking() const { return pending_ != 0; }

 Q_SIGNALS:
  /// The problems of the latest check; empty when the model is fit to run.
  void checked(const std::vector<kelvin::core::Diagnostic>& problems);

 private:
  ModelDocument* document_;
  BackgroundTasks tasks_;
  /// Token of the latest check; a result carrying another is stale.
  unsigned token_ = 0;
  /// Token of the check still awaited, 0 when none.
  unsigned pending_ = 0;
  /// The stop flag of the check under way (BackgroundTasks::runCancellable).
  std::shared_ptr<std::atomic<bool>> stop_;
};

}  // namespace kelvin::gui
