// Call sites, the builtins that are not calls, and atomic operations
// (frontend/translator_calls.hpp).
#include "frontend/translator_calls.hpp"

#include <clang/Basic/Builtins.h>

#include "frontend/library_models.hpp"
#include "frontend/translator_expressions.hpp"

namespace galias::frontend::detail {

TermId CallTranslator::atomic(const clang::AtomicExpr* e) {
    const TermId target = expressions_.deref(expressions_.value(e->getPtr()), e->getExprLoc());
    using Op = clang::AtomicExpr;
    switch (e->getOp()) {
        case Op::AO__c11_atomic_load:
        case Op::AO__atomic_load_n:
            return target;
        case Op::AO__c11_atomic_store:
        case Op::AO__atomic_store_n:
            add_assign(expressions_.value(e->getVal1()), target, e->getExprLoc());
            return kNone;
        case Op::AO__c11_atomic_exchange:
        case Op::AO__atomic_exchange_n:
        case Op::AO__c11_atomic_compare_exchange_strong:
        case Op::AO__c11_atomic_compare_exchange_weak:
        case Op::AO__atomic_compare_exchange_n: {
            const clang::Expr* stored =
                e->getOp() == Op::AO__c11_atomic_exchange || e->getOp() == Op::AO__atomic_exchange_n
                    ? e->getVal1()
                    : e->getVal2();
            if (stored != nullptr && may_hold_pointer(stored->getType())) {
                add_assign(expressions_.value(stored), target, e->getExprLoc());
            }
            return may_hold_pointer(e->getType()) ? target : kNone;
        }
        default:
            if (may_hold_pointer(e->getPtr()->getType()->getPointeeType())) {
                unmodelled("atomic-builtin", e->getExprLoc(), "atomic operation on a pointer");
            }
            expressions_.effects_of_children(e);
            return kNone;
    }
}

bool CallTranslator::builtin(const clang::CallExpr* call, unsigned id, TermId& result) {
    switch (id) {
        case clang::Builtin::BI__builtin_expect:
        case clang::Builtin::BI__builtin_expect_with_probability:
        case clang::Builtin::BI__builtin_assume_aligned:
        case clang::Builtin::BI__builtin_launder:
            for (unsigned i = 1; i < call->getNumArgs(); ++i) expressions_.effects(call->getArg(i));
            result = call->getNumArgs() > 0 && may_hold_pointer(call->getType())
                         ? expressions_.value(call->getArg(0))
                         : kNone;
            if (result == kNone && call->getNumArgs() > 0) expressions_.effects(call->getArg(0));
            return true;
        case clang::Builtin::BI__builtin_va_start:
        case clang::Builtin::BI__builtin_va_end:
        case clang::Builtin::BI__builtin_va_copy:
        case clang::Builtin::BI__builtin_constant_p:
        case clang::Builtin::BI__builtin_object_size:
        case clang::Builtin::BI__builtin_dynamic_object_size:
        case clang::Builtin::BI__builtin_unreachable:
        case clang::Builtin::BI__builtin_trap:
        case clang::Builtin::BI__builtin_prefetch:
        case clang::Builtin::BI__builtin_classify_type:
            result = kNone;
            return true;
        default:
            return false;
    }
}

void CallTranslator::copied_types(const clang::CallExpr* e, const clang::FunctionDecl* callee,
                                  CallSite& site) {
    const LibraryModel* model = find_library_model(callee->getName());
    if (model == nullptr || model->kind != ModelKind::CopyPointees) return;
    if (model->arg >= e->getNumArgs() || model->src >= e->getNumArgs()) return;
    // What the arguments point to, by their types before the conversion to void * (an
    // array argument points to its elements).
    const auto pointee_of = [](const clang::Expr* arg) {
        const clang::QualType type = arg->IgnoreParenImpCasts()->getType().getCanonicalType();
        if (type->isPointerType()) return type->getPointeeType();
        if (const clang::ArrayType* array = type->getAsArrayTypeUnsafe()) return array->getElementType();
        return clang::QualType();
    };
    const clang::QualType dst = pointee_of(e->getArg(model->arg));
    const clang::QualType src = pointee_of(e->getArg(model->src));
    if (dst.isNull() || src.isNull()) return;
    fields().convert(src, dst);
    const auto holds_no_pointer = [this](clang::QualType pointee) {
        const clang::QualType t = pointee.getCanonicalType();
        return (t->isArithmeticType() || t->isEnumeralType()) && !may_hold_pointer(t);
    };
    site.copies_bytes_only = holds_no_pointer(dst) && holds_no_pointer(src);
}

CallValue CallTranslator::call_value(const clang::Expr* arg) {
    CallValue v;
    const clang::QualType type = arg->getType();
    if (!may_hold_pointer(type)) {
        expressions_.effects(arg);
        return v;
    }
    if (is_struct_or_union(type)) {
        v.aggregate = true;
        v.leaves = context().leaves_of(type);
        v.term = expressions_.place(arg);
    } else {
        v.term = expressions_.value(arg);
    }
    return v;
}

void CallTranslator::call_range(const clang::CallExpr* e, CallSite& site) {
    const clang::SourceLocation begin = e->getBeginLoc();
    const clang::SourceLocation end = e->getEndLoc();
    if (begin.isMacroID() && sm().isMacroBodyExpansion(begin)) {
        // Spelled by a macro's definition: the invocation that expands to it, and where the
        // definition spells it, which tells two calls of one expansion apart.
        site.begin = pos(begin);
        site.end = context().positions.end_pos(sm().getExpansionRange(end).getEnd());
        site.macro = pos(sm().getSpellingLoc(begin));
    } else {
        // Written in the file, or as a macro's argument: where it is written.
        site.begin = pos(sm().getFileLoc(begin));
        site.end = context().positions.end_pos(sm().getFileLoc(end));
    }
    if (site.end.file != site.begin.file || site.end.line < site.begin.line ||
        (site.end.line == site.begin.line && site.end.column < site.begin.column)) {
        site.end = site.begin;
    }
}

void CallTranslator::describe_callee(const clang::CallExpr* e, CallSite& site) {
    const clang::FunctionDecl* callee = e->getDirectCallee();
    const clang::FunctionType* type = nullptr;
    if (callee != nullptr) {
        copied_types(e, callee, site);
        const std::uint32_t index = entities_.function_for(callee);
        site.direct_callee = ir().functions[index].entity;
        site.restrict_params = ir().functions[index].restrict_params;
        site.read_only_params = ir().functions[index].read_only_params;
        site.param_count = ir().functions[index].param_count;
        site.variadic = ir().functions[index].variadic;
        site.has_prototype = ir().functions[index].has_prototype;
        site.signature = ir().functions[index].signature;
    } else {
        site.callee_pointer = expressions_.value(e->getCallee());
        const clang::QualType pointer = e->getCallee()->getType();
        if (pointer->isPointerType()) type = pointer->getPointeeType()->getAs<clang::FunctionType>();
        site.signature = types().signature(type);
        if (const auto* proto = llvm::dyn_cast_or_null<clang::FunctionProtoType>(type)) {
            site.param_count = proto->getNumParams();
            site.variadic = proto->isVariadic();
            for (const clang::QualType param : proto->param_types()) {
                site.restrict_params.push_back(param.isRestrictQualified());
                site.read_only_params.push_back(points_to_const(param));
            }
        } else {
            site.has_prototype = false;
        }
        if (site.callee_pointer == kNone) {
            unmodelled("indirect-call", e->getExprLoc(),
                       "the called function pointer comes from nowhere known");
        }
    }
}

TermId CallTranslator::call(const clang::CallExpr* e, bool want_value) {
    const clang::FunctionDecl* callee = e->getDirectCallee();
    if (callee != nullptr && callee->getBuiltinID() != 0) {
        TermId result = kNone;
        if (builtin(e, callee->getBuiltinID(), result)) return result;
    }
    CallSite site;
    call_range(e, site);
    describe_callee(e, site);
    // String literals given straight to restrict parameters stay objects of their own when
    // literals are merged: two of them (fopen("f", "r")) must not alias.
    for (unsigned i = 0; i < e->getNumArgs() && i < site.restrict_params.size(); ++i) {
        if (!site.restrict_params[i]) continue;
        const clang::Expr* arg = e->getArg(i)->IgnoreParenImpCasts();
        if (llvm::isa<clang::StringLiteral>(arg)) {
            const TermId literal = entities_.string_literal(arg);
            ir().entities[terms()[literal].entity].restrict_argument = true;
        }
    }
    for (const clang::Expr* arg : e->arguments()) site.args.push_back(call_value(arg));
    const clang::QualType result_type = e->getCallReturnType(ast());
    if (want_value && may_hold_pointer(result_type)) {
        site.result.term = entities_.temporary("call", e->getBeginLoc());
        if (is_struct_or_union(result_type)) {
            site.result.aggregate = true;
            site.result.leaves = context().leaves_of(result_type);
        }
    }
    const TermId result = site.result.term;
    if (function().index == kNone) {
        unmodelled("call-outside-function", e->getExprLoc(), "a call at file scope");
    } else {
        arguments_.describe_arguments(e, site);
        if (may_release_block(e, options())) {
            memory_.describe_release(e, site);
        } else if (const clang::FunctionDecl* direct = e->getDirectCallee();
                   direct != nullptr && direct->getBuiltinID() == 0 &&
                   find_library_model(direct->getName()) == nullptr) {
            memory_.describe_wrapper_guards(e, site);
        }
        function().call_index.emplace(e, static_cast<std::uint32_t>(current().calls.size()));
        function().translated_calls.push_back(e);
        current().calls.push_back(std::move(site));
    }
    return result;
}

}  // namespace galias::frontend::detail
