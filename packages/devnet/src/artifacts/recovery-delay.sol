// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {Enum} from "@gnosis.pm/safe-contracts/contracts/common/Enum.sol";
import {GuardableModifier} from "@gnosis.pm/zodiac/contracts/core/GuardableModifier.sol";

/// @title RecoveryDelay: a time-delay modifier between modules and a Safe, written for Keystead.
/// @notice Same external interface and behaviour as the Zodiac Delay modifier (v1), built on the
///         published Zodiac core (owner, avatar/target, module list, guard). Written from the
///         documented semantics, not from the Delay source.
///
///         Use for emergency recovery: the Safe enables this contract as a module and owns it; a
///         recoverer is enabled as a module HERE. A module's call is never run at once: it is
///         queued (TransactionAdded). Once `txCooldown` seconds have passed since it was queued
///         (and, when `txExpiration` is set, before cooldown + expiration have passed) anyone may
///         run the oldest queued call with executeNextTx, which hands it to the target's
///         execTransactionFromModule. The owner (the Safe, i.e. its owners) vetoes everything
///         queued so far by moving the nonce forward: setTxNonce(queueNonce).
contract RecoveryDelay is GuardableModifier {
    event DelaySetup(address indexed initiator, address indexed owner, address indexed avatar, address target);
    event TxCooldownSet(uint256 cooldown);
    event TxExpirationSet(uint256 expiration);
    event TxNonceSet(uint256 nonce);
    event TransactionAdded(
        uint256 indexed queueNonce,
        bytes32 indexed txHash,
        address to,
        uint256 value,
        bytes data,
        Enum.Operation operation
    );

    /// @dev An expiration shorter than this (other than 0, never) leaves no time to execute.
    uint256 private constant MIN_EXPIRATION = 60;

    /// @notice Seconds a queued call waits before it may run.
    uint256 public txCooldown;
    /// @notice Seconds after the cooldown during which a queued call may run; 0: no limit.
    uint256 public txExpiration;
    /// @notice Queue position of the next call to run (calls below it ran or were skipped).
    uint256 public txNonce;
    /// @notice Queue position the next queued call gets (one past the last queued).
    uint256 public queueNonce;
    /// @notice getTransactionHash of the call queued at each position.
    mapping(uint256 => bytes32) public txHash;
    /// @notice Block timestamp at which each position was queued.
    mapping(uint256 => uint256) public txCreatedAt;

    /// @notice The mastercopy sets itself up at once (with throwaway values), so that nobody can
    ///         take it over; proxies made by the ModuleProxyFactory call setUp with real values.
    constructor(address _owner, address _avatar, address _target, uint256 _cooldown, uint256 _expiration) {
        setUp(abi.encode(_owner, _avatar, _target, _cooldown, _expiration));
    }

    /// @param initParams abi.encode(owner, avatar, target, cooldown, expiration); once only.
    function setUp(bytes memory initParams) public override initializer {
        (address _owner, address _avatar, address _target, uint256 _cooldown, uint256 _expiration) = abi.decode(
            initParams,
            (address, address, address, uint256, uint256)
        );
        _checkExpiration(_expiration);
        __Ownable_init(_owner);
        avatar = _avatar;
        target = _target;
        txCooldown = _cooldown;
        txExpiration = _expiration;
        setupModules();
        emit DelaySetup(msg.sender, _owner, _avatar, _target);
    }

    function setTxCooldown(uint256 cooldown) public onlyOwner {
        txCooldown = cooldown;
        emit TxCooldownSet(cooldown);
    }

    /// @param expiration 0 (queued calls never expire) or at least MIN_EXPIRATION seconds.
    function setTxExpiration(uint256 expiration) public onlyOwner {
        _checkExpiration(expiration);
        txExpiration = expiration;
        emit TxExpirationSet(expiration);
    }

    /// @notice Skips every queued call below `nonce`: the owner's veto. setTxNonce(queueNonce)
    ///         cancels all that is queued now.
    function setTxNonce(uint256 nonce) public onlyOwner {
        require(nonce > txNonce, "RecoveryDelay: nonce must be above txNonce");
        require(nonce <= queueNonce, "RecoveryDelay: nonce must not pass queueNonce");
        txNonce = nonce;
        emit TxNonceSet(nonce);
    }

    /// @notice Queues a call (never runs it); enabled modules only.
    function execTransactionFromModule(
        address to,
        uint256 value,
        bytes calldata data,
        Enum.Operation operation
    ) public override moduleOnly returns (bool success) {
        _enqueue(to, value, data, operation);
        return true;
    }

    /// @notice Queues a call (never runs it); enabled modules only. Nothing is returned: the
    ///         call has not run yet.
    function execTransactionFromModuleReturnData(
        address to,
        uint256 value,
        bytes calldata data,
        Enum.Operation operation
    ) public override moduleOnly returns (bool success, bytes memory returnData) {
        _enqueue(to, value, data, operation);
        return (true, "");
    }

    /// @notice Runs the call at txNonce through the target, once its cooldown has passed and
    ///         before it expired. The caller passes the call itself; it must hash to what was
    ///         queued. Reverts when the call fails, so a failed call stays queued.
    function executeNextTx(address to, uint256 value, bytes calldata data, Enum.Operation operation) public {
        uint256 nonce = txNonce;
        require(nonce < queueNonce, "RecoveryDelay: queue is empty");
        uint256 createdAt = txCreatedAt[nonce];
        require(block.timestamp - createdAt >= txCooldown, "RecoveryDelay: cooldown has not passed");
        require(!_expired(createdAt), "RecoveryDelay: transaction expired");
        require(txHash[nonce] == getTransactionHash(to, value, data, operation), "RecoveryDelay: hash mismatch");
        txNonce = nonce + 1;
        require(exec(to, value, data, operation), "RecoveryDelay: module transaction failed");
    }

    /// @notice Moves txNonce past every queued call that has expired.
    function skipExpired() public {
        uint256 nonce = txNonce;
        uint256 end = queueNonce;
        while (nonce < end && _expired(txCreatedAt[nonce])) nonce++;
        txNonce = nonce;
    }

    function getTransactionHash(
        address to,
        uint256 value,
        bytes memory data,
        Enum.Operation operation
    ) public pure returns (bytes32) {
        return keccak256(abi.encodePacked(to, value, data, operation));
    }

    function getTxHash(uint256 nonce) public view returns (bytes32) {
        return txHash[nonce];
    }

    function getTxCreatedAt(uint256 nonce) public view returns (uint256) {
        return txCreatedAt[nonce];
    }

    function _enqueue(address to, uint256 value, bytes calldata data, Enum.Operation operation) private {
        uint256 nonce = queueNonce;
        bytes32 hash = getTransactionHash(to, value, data, operation);
        txHash[nonce] = hash;
        txCreatedAt[nonce] = block.timestamp;
        queueNonce = nonce + 1;
        emit TransactionAdded(nonce, hash, to, value, data, operation);
    }

    function _expired(uint256 createdAt) private view returns (bool) {
        uint256 expiration = txExpiration;
        return expiration != 0 && block.timestamp > createdAt + txCooldown + expiration;
    }

    function _checkExpiration(uint256 expiration) private pure {
        require(
            expiration == 0 || expiration >= MIN_EXPIRATION,
            "RecoveryDelay: expiration must be 0 or at least 60 seconds"
        );
    }
}
