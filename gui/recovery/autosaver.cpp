#include "recovery/autosaver.h"

#include <memory>
#include <optional>
#include <string>

#include <QSettings>
#include <QUndoStack>

#include <spdlog/spdlog.h>

#include "document/model_document.h"
#include "model/model_file.h"

namespace kelvin::gui {

namespace {
const QString kIntervalKey = QStringLiteral("recovery/intervalSeconds");
constexpr int kDefaultIntervalSeconds = 30;

/// The model's text, or nullopt (and a logged reason) when it cannot be serialised.
std::optional<std::string> serialized(const core::Model& model) {
  try {
    return core::serializeModel(model);
  } catch (const core::ModelError& e) {
    spdlog::error("recovery: {}", e.what());
    return std::nullopt;
  }
}
}  // namespace

Autosaver::Autosaver(ModelDocument* document, std::function<QByteArray()> baseHash, QObject* parent)
    : QObject(parent), document_(document), baseHash_(std::move(baseHash)) {
  pool_.setMaxThreadCount(1);
  quiet_.setSingleShot(true);
  quiet_.setInterval(kQuietMs);
  connect(&quiet_, &QTimer::timeout, this, &Autosaver::writeIfPending);
  const int seconds = QSettings().value(kIntervalKey, kDefaultIntervalSeconds).toInt();
  periodic_.setInterval(1000 * (seconds > 0 ? seconds : kDefaultIntervalSeconds));
  connect(&periodic_, &QTimer::timeout, this, &Autosaver::writeIfPending);
  periodic_.start();
  connect(document_->undoStack(), &QUndoStack::indexChanged, this, &Autosaver::edited);
  // Edits made outside the undo stack (e.g. a restored copy is modified from the start).
  connect(document_, &ModelDocument::modifiedChanged, this, [this](bool modified) {
    if (modified) {
      edited();
    } else {
      pending_ = false;
      finishBackgroundWrite();
      store_.remove();
    }
  });
}

Autosaver::~Autosaver() { finishBackgroundWrite(); }

void Autosaver::edited() {
  pending_ = true;
  quiet_.start();
}

void Autosaver::writeIfPending() {
  if (!pending_) return;
  if (writing_) {
    quiet_.start();  // the edits since then are written after another quiet second
    return;
  }
  pending_ = false;
  if (!document_->isModified()) {
    store_.remove();
    return;
  }
  writing_ = true;
  const int generation = ++generation_;
  std::shared_ptr<const core::Model> model = document_->snapshot();
  pool_.start([this, generation, model, path = document_->filePath(), hash = baseHash_()] {
    const std::optional<std::string> text = serialized(*model);
    const bool ok = text && store_.write(QString::fromStdString(*text), path, hash);
    QMetaObject::invokeMethod(
        this,
        [this, generation, ok] {
          if (generation != generation_) return;  // overtaken by writeNow(), discard() or a save
          writing_ = false;
          if (ok) {
            spdlog::debug("recovery copy written to {}", store_.file().toStdString());
            Q_EMIT written(store_.file());
          }
          if (pending_) quiet_.start();
        },
        Qt::QueuedConnection);
  });
}

void Autosaver::finishBackgroundWrite() {
  if (!writing_) return;
  pool_.waitForDone();
  writing_ = false;
  ++generation_;
}

bool Autosaver::writeNow() {
  quiet_.stop();
  pending_ = false;
  finishBackgroundWrite();
  if (!document_->isModified()) {
    store_.remove();
    return true;
  }
  const std::optional<std::string> text = serialized(document_->model());
  if (!text || !store_.write(QString::fromStdString(*text), document_->filePath(), baseHash_())) return false;
  spdlog::debug("recovery copy written to {}", store_.file().toStdString());
  Q_EMIT written(store_.file());
  return true;
}

void Autosaver::discard() {
  quiet_.stop();
  pending_ = false;
  finishBackgroundWrite();
  store_.remove();
}

}  // namespace kelvin::gui
