#include "diagnostics/model_checker.h"

#include "document/model_document.h"
#include "run/model_check.h"

namespace kelvin::gui {

ModelChecker::ModelChecker(ModelDocument* document, QObject* parent) : QObject(parent), document_(document) {
  // A new model makes any check under way stale.
  connect(document_, &ModelDocument::modelReset, this, &ModelChecker::cancel);
}

void ModelChecker::cancel() {
  ++token_;
  pending_ = 0;
  // Stop its compiling too: a run started now needs the cores.
  if (stop_) stop_->store(true);
  stop_.reset();
}

ModelChecker::~ModelChecker() {
  cancel();
  tasks_.waitForDone();
}

void ModelChecker::check() {
  cancel();
  const unsigned token = ++token_;
  pending_ = token;
  // The library is immutable and outlives the check; checkModel compiles the model's own
  // components itself (document_->registry() is rebuilt on the GUI thread when they change).
  const core::BlockRegistry& registry = document_->library();
  stop_ = tasks_.runCancellable<std::vector<core::Diagnostic>>(
      this,
      [model = document_->model(), file = document_->filePath().toStdString(),
       &registry](const std::atomic<bool>* stop) { return core::checkModel(model, registry, file, stop); },
      [this, token](const TaskOutcome<std::vector<core::Diagnostic>>& outcome) {
        if (token != token_) return;
        pending_ = 0;
        // checkModel reports model problems as diagnostics; anything else thrown is one too.
        Q_EMIT checked(outcome.value ? *outcome.value
                                     : std::vector<core::Diagnostic>{
                                           {document_->filePath().toStdString(), {}, {}, outcome.error.toStdString()}});
      });
}

}  // namespace kelvin::gui
